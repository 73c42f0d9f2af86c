// Look-alike: a library package under examples/ is imported code, not a
// program a person stops.
package shared

import "net/http"

func Fetch(url string) (*http.Response, error) {
	return http.Get(url) // want `http.Get sends with http.DefaultClient`
}
