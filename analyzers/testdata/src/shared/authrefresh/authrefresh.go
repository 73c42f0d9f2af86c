// Package authrefresh is a shared fixture: the rules it names judge the same
// code, and each line says which of them report it (analyzers'
// TestSharedFixtures).
//
// rules: fixedsleep nestedretry unboundedretry retryall
package authrefresh

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/url"
	"sync"
	"time"
)

// A one-time credential refresh and a redirect followed are not retries: a
// loop whose only ways back resend once with a freshly fetched token after a
// 401 (the next request differs by its credential), or request the Location
// the last answer named (each round asks something new), neither tries again
// at once nor makes an inner retry layer. A self-call that refreshes on every
// 401 with no cap is still an endless retry, and a loop that resends the same
// request on a 5xx is still a hot retry.

type options struct {
	Token string
	Agent string
}

type registry struct {
	mu     sync.RWMutex
	token  string
	client *http.Client
}

var errGaveUp = errors.New("gave up")

func newToken(ctx context.Context, challenge string) (string, error) { return challenge + ".t", nil }

func sendWith(ctx context.Context, u *url.URL, body io.Reader, o *options) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, u.String(), body)
	if err != nil {
		return nil, err
	}
	if o.Token != "" {
		req.Header.Set("Authorization", "Bearer "+o.Token)
	}
	return http.DefaultClient.Do(req)
}

func (r *registry) currentToken() string {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return r.token
}

// renew fetches a token unless another caller already replaced seen.
func (r *registry) renew(ctx context.Context, seen string) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.token != seen {
		return nil
	}
	t, err := newToken(ctx, seen)
	if err != nil {
		return err
	}
	r.token = t
	return nil
}

func (r *registry) get(ctx context.Context, u *url.URL) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, err
	}
	if t := r.currentToken(); t != "" {
		req.Header.Set("Authorization", "Bearer "+t)
	}
	return r.client.Do(req)
}

// ---- refreshes and redirects: quiet ----

// Two rounds: the second only after a 401, with the token put in the options.
func putAuthed(ctx context.Context, u *url.URL, body io.ReadSeeker, o *options) (*http.Response, error) {
	for range 2 {
		resp, err := sendWith(ctx, u, body, o)
		if err != nil {
			return nil, err
		}
		switch {
		case resp.StatusCode == http.StatusUnauthorized:
			resp.Body.Close()
			tok, err := newToken(ctx, resp.Header.Get("WWW-Authenticate"))
			if err != nil {
				return nil, err
			}
			o.Token = tok
			if _, err := body.Seek(0, io.SeekStart); err != nil {
				return nil, err
			}
		case resp.StatusCode >= 400:
			resp.Body.Close()
			return nil, errors.New(resp.Status)
		default:
			return resp, nil
		}
	}
	return nil, errGaveUp
}

// The outer retry waits and caps; the refresh inside it is no retry layer.
func putBlob(ctx context.Context, u *url.URL, body io.ReadSeeker, o *options) error {
	var err error
	for try := range 20 { // reports: retryall
		var resp *http.Response
		if resp, err = putAuthed(ctx, u, body, o); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second << try)
	}
	return err
}

// Up to 10 hops: a redirect moves the target on, a 401 renews the token the
// round reads before it sends.
func (r *registry) locate(ctx context.Context, raw string) (*url.URL, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return nil, err
	}
	for range 10 {
		seen := r.currentToken()
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
		if seen != "" {
			req.Header.Set("Authorization", "Bearer "+seen)
		}
		resp, err := r.client.Do(req)
		if err != nil {
			return nil, err
		}
		resp.Body.Close()
		switch resp.StatusCode {
		case http.StatusOK:
			return u, nil
		case http.StatusUnauthorized:
			if err := r.renew(ctx, seen); err != nil {
				return nil, err
			}
		case http.StatusFound, http.StatusTemporaryRedirect:
			next, err := resp.Location()
			if err != nil {
				return nil, err
			}
			u = next
		default:
			return nil, errors.New(resp.Status)
		}
	}
	return nil, errors.New("too many redirects")
}

// Up to 10 hops of redirects, nothing else.
func (r *registry) follow(ctx context.Context, u *url.URL) (*http.Response, error) {
	for range 10 {
		resp, err := r.get(ctx, u)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode < 300 || resp.StatusCode >= 400 {
			return resp, nil
		}
		resp.Body.Close()
		next, err := resp.Location()
		if err != nil {
			return nil, err
		}
		u = next
	}
	return nil, errors.New("too many redirects")
}

func (r *registry) fetch(ctx context.Context, raw string) error {
	u, err := r.locate(ctx, raw)
	if err != nil {
		return err
	}
	resp, err := r.follow(ctx, u)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// The outer retry around the redirect walks.
func (r *registry) download(ctx context.Context, raw string) error {
	var err error
	for try := range 20 { // reports: retryall
		if err = r.fetch(ctx, raw); err == nil {
			return nil
		}
		time.Sleep(time.Second << try)
	}
	return err
}

// One refresh, capped by a flag.
func (r *registry) head(ctx context.Context, u *url.URL) (*http.Response, error) {
	refreshed := false
	for {
		seen := r.currentToken()
		resp, err := r.get(ctx, u)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode != http.StatusUnauthorized || refreshed {
			return resp, nil
		}
		resp.Body.Close()
		if err := r.renew(ctx, seen); err != nil {
			return nil, err
		}
		refreshed = true
	}
}

// ---- retries: reported ----

// Every error goes round 6 times: a real inner layer.
func (r *registry) getTrying(ctx context.Context, u *url.URL) (*http.Response, error) {
	var err error
	for try := range 6 {
		var resp *http.Response
		if resp, err = r.get(ctx, u); err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		time.Sleep(time.Duration(try+1) * time.Second)
	}
	return nil, err
}

func (r *registry) pull(ctx context.Context, u *url.URL) error {
	var err error
	for try := range 20 { // reports: nestedretry retryall
		var resp *http.Response
		if resp, err = r.getTrying(ctx, u); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second << try)
	}
	return err
}

// A fresh token after every 401, calling itself with no cap.
func (r *registry) exists(ctx context.Context, u *url.URL) (bool, error) {
	seen := r.currentToken()
	resp, err := r.get(ctx, u)
	if err != nil {
		return false, err
	}
	resp.Body.Close()
	if resp.StatusCode == http.StatusUnauthorized {
		if err := r.renew(ctx, seen); err != nil {
			return false, err
		}
		return r.exists(ctx, u) // reports: unboundedretry
	}
	return resp.StatusCode == http.StatusOK, nil
}

// The same request again at once on a 5xx.
func (r *registry) getHot(ctx context.Context, u *url.URL) (*http.Response, error) {
	for range 10 { // reports: fixedsleep
		resp, err := r.get(ctx, u)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode < 500 {
			return resp, nil
		}
		resp.Body.Close()
	}
	return nil, errGaveUp
}

// A 401 renews the token, but a 5xx goes round too: the same request again
// at once.
func (r *registry) getRenewingOr5xx(ctx context.Context, u *url.URL) (*http.Response, error) {
	for range 10 { // reports: fixedsleep
		seen := r.currentToken()
		resp, err := r.get(ctx, u)
		if err != nil {
			return nil, err
		}
		switch {
		case resp.StatusCode == http.StatusUnauthorized:
			resp.Body.Close()
			if err := r.renew(ctx, seen); err != nil {
				return nil, err
			}
			continue
		case resp.StatusCode >= 500:
			resp.Body.Close()
			continue
		}
		return resp, nil
	}
	return nil, errGaveUp
}

// A 401 renews the token before the next round; the loop tells it apart from
// the failures it waits for, as before the renewal stopped counting as a
// retry.
func (r *registry) commit(ctx context.Context, u *url.URL) error {
	var last error
	for try := range 6 {
		if try > 0 {
			time.Sleep(time.Second << try)
		}
		seen := r.currentToken()
		resp, err := r.get(ctx, u)
		if err != nil {
			last = err
			continue
		}
		resp.Body.Close()
		switch {
		case resp.StatusCode == http.StatusUnauthorized:
			if err := r.renew(ctx, seen); err != nil {
				return err
			}
		case resp.StatusCode == http.StatusCreated:
			return nil
		default:
			last = errors.New(resp.Status)
		}
	}
	return last
}
