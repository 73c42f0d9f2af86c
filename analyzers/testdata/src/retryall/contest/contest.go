// Package contest only looks like test code: no element of its path names a
// test directory, so its retries are product code.
package contest

import (
	"errors"
	"net/http"
	"time"
)

// Submit sends an entry until the server takes it.
func Submit(url string) error {
	var err error
	for i := 0; i < 50; i++ { // want `retry loop retries every error alike`
		var resp *http.Response
		resp, err = http.Get(url)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode < 300 {
				return nil
			}
			err = errors.New(resp.Status)
		}
		time.Sleep(100 * time.Millisecond)
	}
	return err
}
