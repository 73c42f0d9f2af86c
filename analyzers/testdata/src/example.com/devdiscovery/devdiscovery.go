// Package devdiscovery stands for a library that sends with a client of its
// own package-level variable, replaceable by its users.
package devdiscovery

import (
	"context"
	"net/http"
)

// HTTPClientDefault is the client every request of the library goes through.
var HTTPClientDefault = http.DefaultClient

// Fetch sends one request under ctx.
func Fetch(ctx context.Context, u string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	return HTTPClientDefault.Do(req)
}
