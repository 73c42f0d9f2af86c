// Package oauth2 is a stub of golang.org/x/oauth2 (reduced: the Config and
// Endpoint types, whose TokenURL tells a token request; the token requests
// that send with the context's client).
package oauth2

import (
	"context"
	"net/http"
)

// HTTPClient is the context key whose value is the *http.Client the token
// requests send with; without it they use http.DefaultClient.
var HTTPClient struct{}

// Token is an OAuth 2.0 token.
type Token struct{ AccessToken string }

// AuthCodeOption configures an Exchange.
type AuthCodeOption interface{}

// Exchange converts an authorization code into a token.
func (c *Config) Exchange(ctx context.Context, code string, opts ...AuthCodeOption) (*Token, error) {
	_, err := http.DefaultClient.Get(c.Endpoint.TokenURL)
	return nil, err
}

// PasswordCredentialsToken requests a token with a user's credentials.
func (c *Config) PasswordCredentialsToken(ctx context.Context, username, password string) (*Token, error) {
	return nil, nil
}

// Config describes a typical 3-legged OAuth2 flow.
type Config struct {
	ClientID     string
	ClientSecret string
	Endpoint     Endpoint
	RedirectURL  string
	Scopes       []string
}

// Endpoint represents an OAuth 2.0 provider's authorization and token
// endpoint URLs.
type Endpoint struct {
	AuthURL       string
	DeviceAuthURL string
	TokenURL      string
	AuthStyle     AuthStyle
}

// AuthStyle represents how requests for tokens are authenticated.
type AuthStyle int

const (
	AuthStyleAutoDetect AuthStyle = 0
	AuthStyleInParams   AuthStyle = 1
	AuthStyleInHeader   AuthStyle = 2
)
