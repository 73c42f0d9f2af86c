// Package clientcredentials is a stub of golang.org/x/oauth2/clientcredentials
// (reduced: the Config type, no methods).
package clientcredentials

import (
	"net/url"

	"golang.org/x/oauth2"
)

// Config describes a 2-legged OAuth2 flow.
type Config struct {
	ClientID       string
	ClientSecret   string
	TokenURL       string
	Scopes         []string
	EndpointParams url.Values
	AuthStyle      oauth2.AuthStyle
}
