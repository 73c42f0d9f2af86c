package httptimeout

import (
	"net/http"

	"example.com/devdiscovery"
)

// A client assigned to another package's variable is that package's client.

type delegating struct{ inner http.RoundTripper }

func (d delegating) RoundTrip(r *http.Request) (*http.Response, error) { return d.inner.RoundTrip(r) }

func init() {
	// GOOD: the library sends with it and decides its requests' deadlines.
	devdiscovery.HTTPClientDefault = &http.Client{Transport: delegating{http.DefaultTransport}}
}

// BAD: replacing net/http's own default gives every http.Get that client.
func replaceDefault() {
	http.DefaultClient = &http.Client{Transport: delegating{http.DefaultTransport}} // want `http.DefaultClient has no timeout` `http.Client has no Timeout`
}

var ownDefault *http.Client

// BAD: a variable of this package: its sends are here.
func setOwnDefault() {
	ownDefault = &http.Client{} // want `http.Client has no Timeout`
}

func useOwnDefault(u string) error {
	res, err := ownDefault.Get(u)
	if err != nil {
		return err
	}
	return res.Body.Close()
}
