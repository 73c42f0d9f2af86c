// Package httptimeout holds analysistest cases for the httptimeout rule.
package httptimeout

import (
	"context"
	"crypto/tls"
	"net"
	"net/http"
	"net/url"
	"time"
)

// --- constructions ---------------------------------------------------------

func literal() (*http.Response, error) {
	c := &http.Client{} // want `http.Client has no Timeout and its Get at line 17 sends with no context that could bound it: a server that accepts the connection and never answers blocks every call forever`
	return c.Get("https://example.com")
}

func valueLiteral() (*http.Response, error) {
	var c = http.Client{Transport: http.DefaultTransport} // want `http.Client has no Timeout`
	return c.Get("https://example.com")
}

func newClient() *http.Client {
	return new(http.Client) // want `new\(http.Client\) has no Timeout`
}

func zeroTimeout() *http.Client {
	return &http.Client{Timeout: 0} // want `http.Client has no Timeout`
}

// Timeout assigned after the client was used: the first call is unbounded.
func timeoutTooLate(u string) {
	c := &http.Client{} // want `http.Client has no Timeout`
	req, _ := http.NewRequest(http.MethodGet, u, nil)
	c.Do(req)
	c.Timeout = time.Second
}

func stored(s *service) {
	s.client = &http.Client{} // want `http.Client has no Timeout`
}

type service struct{ client *http.Client }

func inStruct() *service {
	return &service{client: &http.Client{}} // want `http.Client has no Timeout`
}

// GOOD: handed at once to a function that only sends the caller's request
// with it, as `c := &http.Client{}; send(c, req)` (inline.go).
func passed(req *http.Request) {
	send(&http.Client{}, req)
}

func send(c *http.Client, req *http.Request) { c.Do(req) }

// Transport timeouts bound some layers, not the whole request.
func transportOnly() *http.Client {
	tr := &http.Transport{
		DialContext:         (&net.Dialer{Timeout: 5 * time.Second}).DialContext,
		TLSHandshakeTimeout: 5 * time.Second,
		TLSClientConfig:     &tls.Config{},
	}
	return &http.Client{Transport: tr} // want `http.Client has no Timeout: its Transport bounds only dialing and the TLS handshake, so the whole request \(reading the body included\) is still unbounded`
}

// GOOD: ResponseHeaderTimeout bounds the wait for an answer; what is left
// open is reading the body, which a client that streams bodies leaves open on
// purpose.
func transportWithHeaderTimeout() *http.Client {
	tr := &http.Transport{
		DialContext:           (&net.Dialer{Timeout: 5 * time.Second}).DialContext,
		TLSHandshakeTimeout:   5 * time.Second,
		ResponseHeaderTimeout: 10 * time.Second,
		TLSClientConfig:       &tls.Config{},
	}
	return &http.Client{Transport: tr}
}

// GOOD: the same, assigned after the literal.
func transportAssigned() *http.Client {
	c := &http.Client{}
	c.Transport = &http.Transport{ResponseHeaderTimeout: time.Second}
	return c
}

func transportAssignedHandshake() *http.Client {
	c := &http.Client{} // want `its Transport bounds only the TLS handshake`
	c.Transport = &http.Transport{TLSHandshakeTimeout: time.Second}
	return c
}

// GOOD: Timeout in the literal.
func withTimeout() *http.Client {
	return &http.Client{Timeout: 10 * time.Second}
}

// GOOD: Timeout assigned before the client is used or returned (gosec G112
// reads only the literal and reports this one).
func assignedLater(d time.Duration) *http.Client {
	c := &http.Client{Transport: http.DefaultTransport}
	c.Transport = &http.Transport{}
	c.Timeout = d
	return c
}

func newAssignedLater() *http.Client {
	c := new(http.Client)
	c.Timeout = 3 * time.Second
	return c
}

// GOOD: a same-package wrapper sets the Timeout.
func configure(c *http.Client) { c.Timeout = 5 * time.Second }

func configureDeep(c *http.Client) { configure(c) }

func viaWrapper(req *http.Request) {
	c := &http.Client{}
	configureDeep(c)
	c.Do(req)
}

func viaWrapperLiteral() {
	configure(&http.Client{})
}

// GOOD: a field gets its Timeout right after the client is stored.
func fieldLater(s *service) {
	s.client = &http.Client{}
	s.client.Timeout = time.Minute
}

// GOOD: a package-level client configured in init.
var shared = &http.Client{}

func init() { shared.Timeout = 30 * time.Second }

// Not GOOD: a package-level client nobody configures, read by a send.
var bare = &http.Client{} // want `http.Client has no Timeout`

func getBare(u string) { bare.Get(u) }

// GOOD: clients from the caller, a field, a constructor.
func fromCaller(c *http.Client, req *http.Request) { c.Do(req) }

// The field's client sends a request without a context: the literals that
// store it (stored, inStruct) are reported, this use is not.
func fromField(s *service, u string) {
	req, _ := http.NewRequest(http.MethodGet, u, nil)
	s.client.Do(req)
}

func fromConstructor(req *http.Request) { withTimeout().Do(req) }

// --- the default client ----------------------------------------------------

func defaultGet() {
	http.Get("https://example.com") // want `http.Get sends with http.DefaultClient, which has no timeout`
}

func defaultPost() {
	http.Post("https://example.com", "text/plain", nil) // want `http.Post sends with http.DefaultClient`
}

func defaultHead() {
	http.Head("https://example.com") // want `http.Head sends`
}

func defaultPostForm() {
	http.PostForm("https://example.com", url.Values{}) // want `http.PostForm sends`
}

// GOOD: the request is the caller's, and so is its context (callerctx.go).
func defaultDo(req *http.Request) {
	http.DefaultClient.Do(req)
}

// GOOD: a nil fallback on a parameter runs only when the caller passes nil;
// nothing in the package does (fallback.go has the callers that do).
func defaultFallback(c *http.Client) *http.Client {
	if c == nil {
		c = http.DefaultClient
	}
	return c
}

// GOOD: the request's context got a deadline in this function.
func defaultDoDeadline(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "https://example.com", nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// GOOD: WithContext of a derived context with a deadline.
func defaultDoWithContext(parent context.Context, req *http.Request) {
	ctx, cancel := context.WithDeadline(parent, time.Now().Add(time.Second))
	defer cancel()
	ctx = context.WithValue(ctx, struct{}{}, 1)
	http.DefaultClient.Do(req.WithContext(ctx))
}

// GOOD: the request carries its caller's context, which is the caller's
// bound (a handler's request context, a command's signal context).
func defaultDoCallerCtx(ctx context.Context) {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, "https://example.com", nil)
	http.DefaultClient.Do(req)
}

// context.Background() bounds nothing.
func defaultDoBackground() {
	req, _ := http.NewRequestWithContext(context.Background(), http.MethodGet, "https://example.com", nil)
	http.DefaultClient.Do(req) // want `http.DefaultClient has no timeout`
}

// A caller in the package passes context.Background() for the parameter.
func defaultDoFilledWithBackground(ctx context.Context) {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, "https://example.com", nil)
	http.DefaultClient.Do(req) // want `http.DefaultClient has no timeout`
}

func callsWithBackground() {
	defaultDoFilledWithBackground(context.WithValue(context.Background(), struct{}{}, 1))
}

// GOOD: configuring or comparing the default client is not a use.
func configureDefault(c *http.Client) bool {
	http.DefaultClient.Timeout = 10 * time.Second
	return c == http.DefaultClient
}

// Suppressed with a reason.
func streaming() *http.Client {
	//retrylint:ignore httptimeout long-poll client, requests carry deadlines
	return &http.Client{}
}
