// Package ctxhttp is a stub of golang.org/x/net/context/ctxhttp (reduced:
// the sends, each with the context and the client it is handed).
package ctxhttp

import (
	"context"
	"io"
	"net/http"
	"net/url"
)

func Do(ctx context.Context, client *http.Client, req *http.Request) (*http.Response, error) {
	return client.Do(req.WithContext(ctx))
}

func Get(ctx context.Context, client *http.Client, url string) (*http.Response, error) {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	return client.Do(req)
}

func Head(ctx context.Context, client *http.Client, url string) (*http.Response, error) {
	req, _ := http.NewRequestWithContext(ctx, http.MethodHead, url, nil)
	return client.Do(req)
}

func Post(ctx context.Context, client *http.Client, url string, bodyType string, body io.Reader) (*http.Response, error) {
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, body)
	req.Header.Set("Content-Type", bodyType)
	return client.Do(req)
}

func PostForm(ctx context.Context, client *http.Client, url string, data url.Values) (*http.Response, error) {
	return Post(ctx, client, url, "application/x-www-form-urlencoded", nil)
}
