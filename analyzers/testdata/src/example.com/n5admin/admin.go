// Package n5admin builds the other package's client with a Timeout; that
// does not make the fallback there unreachable (see n5rest).
package n5admin

import (
	"net/http"
	"time"

	"example.com/n5rest"
)

func New(url string) *n5rest.Client {
	return &n5rest.Client{BaseURL: url, HTTPClient: &http.Client{Timeout: time.Minute}}
}
