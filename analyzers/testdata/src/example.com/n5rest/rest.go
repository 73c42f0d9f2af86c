// Package n5rest declares an exported client whose field another package of
// the module sets: the nil fallback stays reported, because a caller outside
// the module may build the struct with the field nil, and then the fallback
// runs.
package n5rest

import "net/http"

type Client struct {
	BaseURL    string
	HTTPClient *http.Client
}

func (c *Client) Do(req *http.Request) (*http.Response, error) {
	hc := c.HTTPClient
	if hc == nil {
		hc = http.DefaultClient // want `http.DefaultClient has no timeout`
	}
	return hc.Do(req)
}
