package retryall

import (
	"time"

	"example.com/apicache"
)

// BAD: a library's constructor retry is no command's start-up: its callers
// may build one per request.
func newCache(cfg *apicache.Config) (apicache.Cache, error) {
	var c apicache.Cache
	var err error
	for i := 0; i < 10; i++ { // want `retry loop retries every error alike`
		if c, err = apicache.New(cfg); err == nil {
			return c, nil
		}
		time.Sleep(time.Second)
	}
	return nil, err
}
