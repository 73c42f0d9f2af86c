package n5nilfallback

import (
	"net/http"
	"time"
)

type API struct{ HC *http.Client }

// the only constructor sets a client with a Timeout
func NewAPI(t time.Duration) *API { return &API{HC: &http.Client{Timeout: t}} }

// FP: dead fallback.
func (a *API) Do(req *http.Request) (*http.Response, error) {
	hc := a.HC
	if hc == nil {
		hc = http.DefaultClient
	}
	return hc.Do(req)
}
