package httptimeout

import (
	"net/http"

	"github.com/minio/minio-go/v7/pkg/credentials"
)

// A client handed to a library field whose library sends requests built
// without a context (knowledge.http_timeout.context_free_fields) is not
// handed to a library that bounds it: it stays reported.

func ldapCreds(endpoint string) *credentials.Credentials {
	return credentials.New(&credentials.LDAPIdentity{
		Client:      &http.Client{Transport: http.DefaultTransport}, // want `http.Client has no Timeout`
		STSEndpoint: endpoint,
	})
}

func ldapCredsVar(endpoint string) *credentials.Credentials {
	client := &http.Client{Transport: http.DefaultTransport} // want `http.Client has no Timeout`
	return credentials.New(&credentials.LDAPIdentity{Client: client, STSEndpoint: endpoint})
}

func ldapCredsAssigned(endpoint string) *credentials.Credentials {
	id := &credentials.LDAPIdentity{STSEndpoint: endpoint}
	id.Client = &http.Client{} // want `http.Client has no Timeout`
	return credentials.New(id)
}

// GOOD: the same library's field the knowledge base does not name is
// handed over, as before.
func minioOptions() *credentials.Options {
	return &credentials.Options{Client: &http.Client{Transport: http.DefaultTransport}}
}

// GOOD: a client with a Timeout in the context-free field.
func ldapCredsTimed(endpoint string) *credentials.Credentials {
	return credentials.New(&credentials.LDAPIdentity{
		Client:      &http.Client{Transport: http.DefaultTransport, Timeout: 30e9},
		STSEndpoint: endpoint,
	})
}
