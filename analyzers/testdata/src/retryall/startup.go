package retryall

import (
	"context"
	"log"
	"time"

	"example.com/apicache"
)

// BAD: a library's constructor retry is no command's start-up: its callers
// may build one per request.
func newCache(cfg *apicache.Config) (apicache.Cache, error) {
	var c apicache.Cache
	var err error
	for i := 0; i < 20; i++ { // want `retry loop retries every error alike`
		if c, err = apicache.New(cfg); err == nil {
			return c, nil
		}
		time.Sleep(time.Second)
	}
	return nil, err
}

// BAD: a library's two tries run once per caller, however many there are.
func checkTwice(ctx context.Context, c *apicache.Client) {
	for i := range 20 { // want `retry loop retries every error alike`
		err := c.Upload(ctx, "ping")
		if err != nil {
			log.Printf("attempt %d: %v", i+1, err)
			continue
		}
		break
	}
}
