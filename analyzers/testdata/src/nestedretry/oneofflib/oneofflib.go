// Package oneofflib holds the same nested pair as a one-off command, in a
// library: its callers may be services calling it per request.
package oneofflib

import (
	"net/http"
	"time"
)

// applySchema retries its request 3 times with waits: the inner layer.
func applySchema(url string) error {
	var err error
	for i := 0; i < 3; i++ {
		var resp *http.Response
		if resp, err = http.Post(url, "application/json", nil); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Duration(1<<i) * time.Second)
	}
	return err
}

// Migrate: 4 tries around 3, in code any caller may run per request.
func Migrate(url string) error {
	var err error
	for i := 0; i < 4; i++ { // want `retry loop \(4 attempts\) around applySchema, which retries on its own .*4 × 3 = 12 attempts`
		if err = applySchema(url); err == nil {
			return nil
		}
		time.Sleep(2 * time.Second)
	}
	return err
}
