// Package oauth2 is a stub of golang.org/x/oauth2 (reduced: the Config and
// Endpoint types, whose TokenURL tells a token request; no methods).
package oauth2

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
