package httptimeout

import "net/http"

// A URL read from an unexported field of the package's own struct is local
// when every value the package stores in the field is (test files aside).

const imdsTokenURL = "http://169.254.169.254/metadata/identity/oauth2/token"

type imdsConfig struct {
	tokenURL string
	docURL   string
	apiURL   string
}

func newIMDSConfig(api string) *imdsConfig {
	return &imdsConfig{tokenURL: imdsTokenURL, docURL: "http://169.254.169.254/doc", apiURL: api}
}

type imdsProvider struct{ config *imdsConfig }

// GOOD: tokenURL holds only the metadata service's constant.
func (p *imdsProvider) token() (*http.Response, error) {
	req, _ := http.NewRequest(http.MethodGet, p.config.tokenURL, http.NoBody)
	return http.DefaultClient.Do(req)
}

// docURL is also set from a parameter elsewhere in the package.
func (p *imdsProvider) doc() (*http.Response, error) {
	req, _ := http.NewRequest(http.MethodGet, p.config.docURL, http.NoBody)
	return http.DefaultClient.Do(req) // want `http.DefaultClient has no timeout`
}

func (p *imdsProvider) moveDoc(u string) { p.config.docURL = u }

// apiURL comes from the caller.
func (p *imdsProvider) api() (*http.Response, error) {
	return http.Get(p.config.apiURL) // want `http.Get sends with http.DefaultClient`
}

type flagConfig struct{ endpoint string }

func bindFlag(set func(*string), c *flagConfig) {
	c.endpoint = "http://127.0.0.1:9000/"
	set(&c.endpoint) // its address: stored through a pointer
}

func (c *flagConfig) ping() (*http.Response, error) {
	return http.Get(c.endpoint) // want `http.Get sends with http.DefaultClient`
}

// An exported field may be set by any package.
type PublicConfig struct{ Endpoint string }

func NewPublicConfig() *PublicConfig { return &PublicConfig{Endpoint: "http://127.0.0.1:9000/"} }

func (c *PublicConfig) ping() (*http.Response, error) {
	return http.Get(c.Endpoint) // want `http.Get sends with http.DefaultClient`
}
