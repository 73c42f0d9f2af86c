// Package n5rest declares an exported client whose exported field another
// package of the module sets: the nil fallback is quiet, because whoever
// builds the struct chooses whether to bring a client. The package's own
// literal that leaves the field out and sends is reported.
package n5rest

import "net/http"

type Client struct {
	BaseURL    string
	HTTPClient *http.Client
}

func (c *Client) Do(req *http.Request) (*http.Response, error) {
	hc := c.HTTPClient
	if hc == nil {
		hc = http.DefaultClient
	}
	return hc.Do(req)
}

// Ping sends with a client the package built without HTTPClient.
func Ping(req *http.Request) (*http.Response, error) {
	return (&Client{BaseURL: "https://example.com"}).Do(req) // want `nil HTTPClient falls back to http.DefaultClient in \(\*Client\).Do`
}
