// Package e2e is an end-to-end suite outside _test.go files that does not
// import testing: it lies under test/ and e2e/, so its retries are test code
// and are not reported by default.
package e2e

import (
	"net/http"
	"time"
)

// WaitForServer polls the server the suite started until it answers.
func WaitForServer(url string) error {
	var err error
	for i := 0; i < 50; i++ {
		var resp *http.Response
		resp, err = http.Get(url)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return err
}
