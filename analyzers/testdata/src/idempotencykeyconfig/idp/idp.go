// Package idp is a company's identity provider client: its Issuer names the
// token endpoint in a field .retrylint.yaml lists as a token URL.
package idp

// Issuer describes an OAuth 2.0 authorization server.
type Issuer struct {
	TokenEndpoint string
	UsersEndpoint string
}

// Mirror has a field of the same name that .retrylint.yaml does not list.
type Mirror struct {
	TokenEndpoint string
}
