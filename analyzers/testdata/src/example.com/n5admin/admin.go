// Package n5admin builds the other package's client with a Timeout: a
// caller that brings its client (see n5rest, whose nil fallback is quiet).
package n5admin

import (
	"net/http"
	"time"

	"example.com/n5rest"
)

func New(url string) *n5rest.Client {
	return &n5rest.Client{BaseURL: url, HTTPClient: &http.Client{Timeout: time.Minute}}
}
