// Package idempotencykeyconfig checks that a user's
// knowledge.token_url_fields entry extends the built-in list: a POST to the
// listed field is a token request, like one to an oauth2 TokenURL.
package idempotencykeyconfig

import (
	"github.com/hashicorp/go-retryablehttp"
	"golang.org/x/oauth2"

	"idempotencykeyconfig/idp"
)

// The listed field, directly and through a local variable: token requests.
func issuerToken(client *retryablehttp.Client, iss idp.Issuer, body []byte) error {
	resp, err := client.Post(iss.TokenEndpoint, "application/json", body)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func issuerTokenVar(client *retryablehttp.Client, iss *idp.Issuer, body []byte) error {
	u := iss.TokenEndpoint
	resp, err := client.Post(u, "application/json", body)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// The built-in oauth2 entry stays beside the user's.
func oauth2Token(client *retryablehttp.Client, e oauth2.Endpoint, body []byte) error {
	resp, err := client.Post(e.TokenURL, "application/json", body)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// ---- look-alikes: not listed ----

// Another field of the listed type.
func createUser(client *retryablehttp.Client, iss idp.Issuer, body []byte) error {
	resp, err := client.Post(iss.UsersEndpoint, "application/json", body) // want `POST request sent with go-retryablehttp`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// The same field name in a type the list does not name.
func mirrorPost(client *retryablehttp.Client, m idp.Mirror, body []byte) error {
	resp, err := client.Post(m.TokenEndpoint, "application/json", body) // want `POST request sent with go-retryablehttp`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
