package idempotencykey

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"

	"github.com/avast/retry-go/v4"
	"github.com/hashicorp/go-retryablehttp"
	"golang.org/x/oauth2"
	"golang.org/x/oauth2/clientcredentials"
)

// An OAuth 2.0 token request exchanges a grant for a token: the server
// refuses a repeated single-use code (invalid_grant) and token endpoints take
// no Idempotency-Key, so a repeat applies nothing twice. It is known by a form
// body that sets grant_type, or by a URL from an oauth2 TokenURL field.

// A code exchange sent with a self-retrying client.
func exchangeCode(client *retryablehttp.Client, tokenURL, code string) error {
	resp, err := client.PostForm(tokenURL, url.Values{
		"grant_type": {"authorization_code"},
		"code":       {code},
	})
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// The form encoded into the body of a built request, grant_type set by Set.
func refreshToken(ctx context.Context, client *retryablehttp.Client, tokenURL, refresh string) error {
	form := url.Values{}
	form.Set("grant_type", "refresh_token")
	form.Set("refresh_token", refresh)
	body := strings.NewReader(form.Encode())
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPost, tokenURL, body)
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// A literal form inline, in a retry callback.
func fedcmToken(ctx context.Context, hc *http.Client, broker, raw string) error {
	return retry.Do(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, broker+"/token", strings.NewReader(url.Values{
			"grant_type":    {"urn:ietf:params:oauth:grant-type:token-exchange"},
			"subject_token": {raw},
		}.Encode()))
		if err != nil {
			return err
		}
		resp, err := hc.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

// A constant form body.
func clientToken(hc *http.Client, tokenURL string) error {
	return retry.Do(func() error {
		resp, err := hc.Post(tokenURL, "application/x-www-form-urlencoded", strings.NewReader("grant_type=client_credentials&scope=read"))
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

// A JSON body to the provider's token endpoint, named by oauth2.Config.
func jsonTokenExchange(ctx context.Context, client *retryablehttp.Client, conf *oauth2.Config, code string) error {
	bs, err := json.Marshal(map[string]string{"clientId": conf.ClientID, "code": code})
	if err != nil {
		return err
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, "POST", conf.Endpoint.TokenURL, bytes.NewReader(bs))
	if err != nil {
		return err
	}
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// clientcredentials.Config's TokenURL, through a local variable.
func credentialsToken(client *retryablehttp.Client, cc clientcredentials.Config, body []byte) error {
	u := cc.TokenURL
	resp, err := client.Post(u, "application/json", body)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// A TokenURL promoted from an embedded oauth2.Endpoint is still the
// endpoint's field.
type provider struct {
	Name string
	oauth2.Endpoint
}

func providerToken(client *retryablehttp.Client, p *provider, body []byte) error {
	resp, err := client.Post(p.TokenURL, "application/json", body)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// ---- look-alikes: other form posts are mutations ----

// A form without grant_type.
func signUp(client *retryablehttp.Client, email string) error {
	resp, err := client.PostForm("https://shop.example/accounts", url.Values{ // want `POST request sent with go-retryablehttp, which retries it by itself, carries no idempotency key`
		"email": {email},
		"plan":  {"grant_type"},
	})
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// A form set with other keys, encoded into a request body.
func transferForm(ctx context.Context, hc *http.Client, amount string) error {
	form := url.Values{}
	form.Set("amount", amount)
	form.Add("grant", "yes")
	return retry.Do(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://bank.example/transfers", strings.NewReader(form.Encode())) // want `POST request sent from a retry callback without an idempotency key`
		if err != nil {
			return err
		}
		resp, err := hc.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

// Another URL field of the oauth2 endpoint is not the token endpoint.
func postToAuthURL(client *retryablehttp.Client, conf *oauth2.Config, body []byte) error {
	resp, err := client.Post(conf.Endpoint.AuthURL, "application/json", body) // want `POST request sent with go-retryablehttp`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// A field named TokenURL outside oauth2 says nothing of the endpoint.
type webhook struct{ TokenURL string }

func postToOwnTokenURL(client *retryablehttp.Client, w webhook, body []byte) error {
	resp, err := client.Post(w.TokenURL, "application/json", body) // want `POST request sent with go-retryablehttp`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
