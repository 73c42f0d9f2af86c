// Package fbmid passes its parameter on to fbapi's fallback: a nil given to
// Mid falls back there.
package fbmid

import (
	"net/http"

	"example.com/fbapi"
)

func Mid(hc *http.Client) *fbapi.API { // want Mid:`nilFallbacks\(param 0 falls back to http.DefaultClient in fbapi.NewAPI\)`
	return fbapi.NewAPI(hc)
}

// An unexported forwarder gets no fact; its nil caller here is reported.
func mid(hc *http.Client) *fbapi.API { return fbapi.NewAPI(hc) }

func useMid() *fbapi.API {
	return mid(nil) // want `nil client falls back to http.DefaultClient in fbapi.NewAPI, which has no timeout: pass a client with Timeout`
}
