// Package attestation only holds "test" inside a word: its retries are
// product code.
package attestation

import (
	"errors"
	"net/http"
	"time"
)

// Fetch gets the attestation document until the server serves it.
func Fetch(url string) error {
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
