package httptimeout

import (
	"context"
	"net/http"
	"time"

	"golang.org/x/oauth2"
	"golang.org/x/oauth2/clientcredentials"
)

// golang.org/x/oauth2's token requests send with the client their context
// carries, or with http.DefaultClient: handed context.Background(), they
// have neither a timeout nor a deadline.

var githubOAuth = &oauth2.Config{ClientID: "id", Endpoint: oauth2.Endpoint{TokenURL: "https://github.com/login/oauth/access_token"}}

func oauthCallback(w http.ResponseWriter, r *http.Request) {
	tok, err := githubOAuth.Exchange(context.Background(), r.URL.Query().Get("code")) // want `oauth2.Config.Exchange sends with http.DefaultClient, which has no timeout, when its context carries no client, and context.Background\(\) has no deadline`
	if err != nil || tok == nil {
		w.WriteHeader(http.StatusUnauthorized)
	}
}

func passwordLogin(user, pass string) error {
	ctx := context.TODO()
	_, err := githubOAuth.PasswordCredentialsToken(ctx, user, pass) // want `oauth2.Config.PasswordCredentialsToken sends with http.DefaultClient`
	return err
}

func serviceToken(cc *clientcredentials.Config) error {
	_, err := cc.Token(context.Background()) // want `clientcredentials.Config.Token sends with http.DefaultClient`
	return err
}

// Look-alikes: the request's context (the server ends it with the
// request), a context with a deadline, a context carrying a client, a
// caller's context.

func oauthCallbackRequestCtx(w http.ResponseWriter, r *http.Request) {
	_, _ = githubOAuth.Exchange(r.Context(), r.URL.Query().Get("code"))
}

func exchangeWithDeadline(code string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, err := githubOAuth.Exchange(ctx, code)
	return err
}

func exchangeWithClient(code string) error {
	ctx := context.WithValue(context.Background(), oauth2.HTTPClient, &http.Client{Timeout: 10 * time.Second})
	_, err := githubOAuth.Exchange(ctx, code)
	return err
}

func exchangeCallerCtx(ctx context.Context, code string) error {
	_, err := githubOAuth.Exchange(ctx, code)
	return err
}
