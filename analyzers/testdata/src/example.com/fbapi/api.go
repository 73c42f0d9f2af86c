// Package fbapi falls back to http.DefaultClient when its callers pass no
// client: quiet here, reported where an importer passes nil (fbuse).
package fbapi

import (
	"net/http"
	"time"
)

type API struct{ hc *http.Client }

func NewAPI(hc *http.Client) *API { // want NewAPI:`nilFallbacks\(param 0 falls back to http.DefaultClient in fbapi.NewAPI\)`
	if hc == nil {
		hc = http.DefaultClient
	}
	return &API{hc: hc}
}

func (a *API) Get(u string) (*http.Response, error) { return a.hc.Get(u) }

type Svc struct{ hc *http.Client }

func (s *Svc) Use(name string, hc *http.Client) { // want Use:`nilFallbacks\(param 1 falls back to a new http.Client in \(\*fbapi.Svc\).Use\)`
	if hc == nil {
		hc = &http.Client{}
	}
	s.hc = hc
}

// Configured returns a client with a Timeout.
func Configured() *http.Client { return &http.Client{Timeout: time.Minute} }
