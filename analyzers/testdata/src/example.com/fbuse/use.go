// Package fbuse passes nil for other packages' client parameters; it does
// not import net/http.
package fbuse

import (
	"example.com/fbapi"
	"example.com/fbmid"
)

func direct() *fbapi.API {
	return fbapi.NewAPI(nil) // want `nil client falls back to http.DefaultClient in fbapi.NewAPI, which has no timeout: pass a client with Timeout`
}

func through() *fbapi.API {
	return fbmid.Mid(nil) // want `nil client falls back to http.DefaultClient in fbapi.NewAPI`
}

func method(s *fbapi.Svc) {
	s.Use("a", nil) // want `nil client falls back to a new http.Client in \(\*fbapi.Svc\).Use`
}

// GOOD: a client with a Timeout.
func configured() *fbapi.API { return fbapi.NewAPI(fbapi.Configured()) }
