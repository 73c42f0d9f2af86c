// Package authescalate is a shared fixture: the rules it names judge the same
// code, and each line says which of them report it (analyzers'
// TestSharedFixtures).
//
// rules: fixedsleep retryall unboundedretry nojitter nestedretry
package authescalate

import (
	"errors"
	"net/http"
	"net/url"
	"sync"
	"time"
)

// Issue shape 2: a loop or a recursion that goes back to its attempt only on
// an authentication failure (401, 407, an auth error's class) and, on that
// way, changes what the next attempt reads (the credentials, the access mode)
// escalates: none, then basic, then negotiate; no credentials, then those a
// helper fills in. The same request sent again on a 401, or a loop that goes
// round on every error while refreshing a token, stays a retry.

type access int

const (
	accessNone access = iota
	accessBasic
	accessNegotiate
)

type creds struct{ user, pass string }

// authError is the failure of a request the server refused to serve without
// (other) credentials.
type authError struct{ status int }

func (e *authError) Error() string { return "authentication required" }

func isAuthError(err error) bool {
	var ae *authError
	return errors.As(err, &ae)
}

type client struct {
	hc    *http.Client
	mu    sync.Mutex
	modes map[string]access
	token string
}

func (c *client) accessFor(u *url.URL) access {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.modes[u.Host]
}

func (c *client) setAccess(u *url.URL, mode access) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.modes[u.Host] = mode
}

func (c *client) doWithAccess(req *http.Request, mode access) (*http.Response, error) {
	switch mode {
	case accessBasic:
		req.SetBasicAuth("user", "secret")
	case accessNegotiate:
		req.Header.Set("Authorization", "Negotiate token")
	}
	res, err := c.hc.Do(req)
	if err != nil {
		return nil, err
	}
	if res.StatusCode == http.StatusUnauthorized || res.StatusCode == http.StatusProxyAuthRequired {
		res.Body.Close()
		return nil, &authError{status: res.StatusCode}
	}
	return res, nil
}

func escalate(mode access) (access, bool) {
	switch mode {
	case accessNone:
		return accessBasic, true
	case accessBasic:
		return accessNegotiate, true
	}
	return mode, false
}

// ---- escalations: quiet ----

// The access mode climbs a ladder on each authentication failure.
func (c *client) doWithAuth(req *http.Request) (*http.Response, error) {
	mode := c.accessFor(req.URL)
	for {
		res, err := c.doWithAccess(req, mode)
		if err == nil || !isAuthError(err) {
			return res, err
		}
		next, ok := escalate(mode)
		if !ok {
			return res, err
		}
		mode = next
		c.setAccess(req.URL, mode)
	}
}

// The attempt reads the mode back from the receiver; a setter moves it on.
func (c *client) doReadingBack(req *http.Request) (*http.Response, error) {
	for {
		res, err := c.doWithAccess(req, c.accessFor(req.URL))
		if err == nil || !isAuthError(err) {
			return res, err
		}
		next, ok := escalate(c.accessFor(req.URL))
		if !ok {
			return res, err
		}
		c.setAccess(req.URL, next)
	}
}

func (c *client) fill(u *url.URL) (*creds, error) {
	return &creds{user: "user", pass: "secret"}, nil
}

func withCreds(req *http.Request, cr *creds) *http.Request {
	if cr != nil {
		req.SetBasicAuth(cr.user, cr.pass)
	}
	return req
}

// Once more, with the credentials a helper fills in.
func (c *client) do(req *http.Request, cr *creds) (*http.Response, error) {
	res, err := c.hc.Do(withCreds(req, cr))
	if err != nil {
		return nil, err
	}
	if res.StatusCode == http.StatusUnauthorized && cr == nil {
		cr, err = c.fill(req.URL)
		if err != nil {
			return nil, err
		}
		return c.do(req, cr)
	}
	return res, nil
}

func needsAuth(res *http.Response) bool { return res.StatusCode == http.StatusUnauthorized }

func (c *client) doRaw(req *http.Request, mode access) (*http.Response, error) {
	if mode == accessBasic {
		req.SetBasicAuth("user", "secret")
	}
	return c.hc.Do(req)
}

// The answer's status, read by a predicate, sends the request up the ladder.
func (c *client) getEscalating(u string) (*http.Response, error) {
	mode := accessNone
	for {
		req, _ := http.NewRequest("GET", u, nil)
		res, err := c.doRaw(req, mode)
		if err != nil {
			return nil, err
		}
		if !needsAuth(res) {
			return res, nil
		}
		res.Body.Close()
		next, ok := escalate(mode)
		if !ok {
			return res, nil
		}
		mode = next
	}
}

// Once more with filled-in credentials, on an auth error's class.
func (c *client) send(req *http.Request, cr *creds) (*http.Response, error) {
	res, err := c.doWithCreds(req, cr)
	if isAuthError(err) && cr == nil {
		if cr, err = c.fill(req.URL); err != nil {
			return nil, err
		}
		return c.send(req, cr)
	}
	return res, err
}

func (c *client) doWithCreds(req *http.Request, cr *creds) (*http.Response, error) {
	return c.doWithToken(withCreds(req, cr), c.token)
}

func (c *client) post(req *http.Request, mode access) (int, error) {
	res, err := c.doRaw(req, mode)
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	if res.StatusCode >= 300 {
		return res.StatusCode, &authError{status: res.StatusCode}
	}
	return res.StatusCode, nil
}

// The attempt hands back the status; 407 moves the proxy access up.
func (c *client) postThroughProxy(req *http.Request) error {
	mode := c.accessFor(req.URL)
	for {
		status, err := c.post(req, mode)
		if err == nil {
			return nil
		}
		if status != http.StatusProxyAuthRequired {
			return err
		}
		next, ok := escalate(mode)
		if !ok {
			return err
		}
		mode = next
	}
}

// The request signs in after the first 401 and leaves on the next.
func (c *client) getSigningIn(req *http.Request, user, pass string) (*http.Response, error) {
	for {
		res, err := c.hc.Do(req)
		if err != nil {
			return nil, err
		}
		if res.StatusCode != http.StatusUnauthorized {
			return res, nil
		}
		res.Body.Close()
		if _, _, ok := req.BasicAuth(); ok {
			return res, nil
		}
		req.SetBasicAuth(user, pass)
	}
}

// The proxy's credentials go in their header after a 407.
func (c *client) getThroughProxy(req *http.Request, proxyAuth string) (*http.Response, error) {
	for {
		res, err := c.hc.Do(req)
		if err != nil {
			return nil, err
		}
		if res.StatusCode != http.StatusProxyAuthRequired || req.Header.Get("Proxy-Authorization") != "" {
			return res, nil
		}
		res.Body.Close()
		req.Header.Set("Proxy-Authorization", proxyAuth)
	}
}

// ---- retries: reported ----

// A header set on every 401, but not one that carries credentials.
func (c *client) getMarked(req *http.Request) (*http.Response, error) {
	for { // reports: fixedsleep unboundedretry
		res, err := c.hc.Do(req)
		if err != nil {
			return nil, err
		}
		if res.StatusCode != http.StatusUnauthorized {
			return res, nil
		}
		res.Body.Close()
		req.Header.Set("X-Again", "1")
		time.Sleep(2 * time.Second)
	}
}

// The same token again on every 401.
func (c *client) getSameToken(u string) (*http.Response, error) {
	for { // reports: fixedsleep unboundedretry
		req, _ := http.NewRequest("GET", u, nil)
		req.Header.Set("Authorization", "Bearer "+c.token)
		res, err := c.hc.Do(req)
		if err != nil {
			return nil, err
		}
		if res.StatusCode != http.StatusUnauthorized {
			return res, nil
		}
		res.Body.Close()
		time.Sleep(2 * time.Second)
	}
}

func (c *client) refresh() string { return c.token + "." }

func (c *client) doWithToken(req *http.Request, token string) (*http.Response, error) {
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := c.hc.Do(req)
	if err != nil {
		return nil, err
	}
	if res.StatusCode >= 400 {
		res.Body.Close()
		return nil, &authError{status: res.StatusCode}
	}
	return res, nil
}

// A new token on every round, but on every error.
func (c *client) getRefreshing(req *http.Request) *http.Response {
	token := c.token
	for { // reports: fixedsleep retryall unboundedretry
		res, err := c.doWithToken(req, token)
		if err == nil {
			return res
		}
		token = c.refresh()
		time.Sleep(2 * time.Second)
	}
}

func (c *client) noteFailure(u *url.URL) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.token = ""
}

// The way back on 401 sets a field, but not one the attempt reads.
func (c *client) doNoting(req *http.Request) (*http.Response, error) {
	for { // reports: fixedsleep unboundedretry
		res, err := c.doWithAccess(req, accessBasic)
		if err == nil || !isAuthError(err) {
			return res, err
		}
		c.noteFailure(req.URL)
		time.Sleep(2 * time.Second)
	}
}

// The way back on 401 counts the rounds: no other credentials.
func (c *client) doCounting(req *http.Request) (*http.Response, error) {
	mode, rounds := c.accessFor(req.URL), 0
	for { // reports: fixedsleep unboundedretry
		res, err := c.doWithAccess(req, mode)
		if err == nil || !isAuthError(err) {
			return res, err
		}
		rounds++
		time.Sleep(2 * time.Second)
	}
}

// The same credentials again, by calling itself on every 401.
func (c *client) doAgain(req *http.Request, cr *creds) (*http.Response, error) {
	res, err := c.hc.Do(withCreds(req, cr))
	if err != nil {
		return nil, err
	}
	if res.StatusCode == http.StatusUnauthorized {
		res.Body.Close()
		return c.doAgain(req, cr) // reports: fixedsleep unboundedretry
	}
	return res, nil
}

// A new token after a 401, but every other error goes round too.
func (c *client) getRefreshingOnAuth(req *http.Request) *http.Response {
	token := c.token
	for { // reports: fixedsleep unboundedretry
		res, err := c.doWithToken(req, token)
		if err == nil {
			return res
		}
		if isAuthError(err) {
			token = c.refresh()
			continue
		}
		time.Sleep(2 * time.Second)
	}
}
