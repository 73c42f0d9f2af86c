// A library package under examples/ is imported by the example programs
// only: it runs in demonstrations as they do (lint.TestHarness).
package shared

import "net/http"

func Fetch(url string) (*http.Response, error) {
	return http.Get(url) // GOOD: demo code
}
