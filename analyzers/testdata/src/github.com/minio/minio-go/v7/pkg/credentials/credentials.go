// Package credentials stands in for minio-go's credential providers: the
// STS identities send their request, built with http.NewRequest (no
// context), with their Client field.
package credentials

import "net/http"

type Value struct{ AccessKeyID string }

type Provider interface{ Retrieve() (Value, error) }

type Credentials struct{ p Provider }

func New(p Provider) *Credentials { return &Credentials{p: p} }

type LDAPIdentity struct {
	Client      *http.Client
	STSEndpoint string
}

func (k *LDAPIdentity) Retrieve() (Value, error) {
	req, err := http.NewRequest(http.MethodPost, k.STSEndpoint, nil)
	if err != nil {
		return Value{}, err
	}
	resp, err := k.Client.Do(req)
	if err != nil {
		return Value{}, err
	}
	resp.Body.Close()
	return Value{}, nil
}

// Options is a configuration whose client the package sends with the
// caller's context.
type Options struct{ Client *http.Client }
