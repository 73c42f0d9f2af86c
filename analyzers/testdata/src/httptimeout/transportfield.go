package httptimeout

import (
	"net/http"
	"time"
)

// Wrapper keeps its transport beside the client built on it.
type Wrapper struct {
	Transport *http.Transport
	Client    *http.Client
}

// GOOD: the transport the function put in the field the statement before
// bounds the wait for an answer; only reading the body is open, which a client
// that streams whole files must leave open.
func streamFile(u string) (*http.Response, error) {
	var w Wrapper
	w.Transport = &http.Transport{ResponseHeaderTimeout: 30 * time.Second, MaxIdleConns: 1024}
	w.Client = &http.Client{Transport: w.Transport}
	return w.Client.Get(u)
}

// GOOD: the same through a receiver, one level down, with a configured bound.
type holder struct{ w Wrapper }

func (h *holder) stream(u string, d time.Duration) (*http.Response, error) {
	h.w.Transport = &http.Transport{ResponseHeaderTimeout: d}
	h.w.Client = &http.Client{Transport: h.w.Transport}
	return h.w.Client.Get(u)
}

// The field's transport bounds only the handshake: a server that completes
// the handshake and then says nothing still holds the call.
func handshakeOnly(u string) (*http.Response, error) {
	var w Wrapper
	w.Transport = &http.Transport{TLSHandshakeTimeout: 10 * time.Second}
	w.Client = &http.Client{Transport: w.Transport} // want `http.Client has no Timeout.*: its Transport bounds only the TLS handshake`
	return w.Client.Get(u)
}

// The transport is assigned after the client took the field's value (nil:
// the default transport).
func transportTooLate(u string) (*http.Response, error) {
	var w Wrapper
	w.Client = &http.Client{Transport: w.Transport} // want `http.Client has no Timeout.*: a server that accepts the connection and never answers`
	w.Transport = &http.Transport{ResponseHeaderTimeout: 30 * time.Second}
	return w.Client.Get(u)
}

// Another value's field: the transport read is not the one assigned.
func otherWrappersTransport(u string) (*http.Response, error) {
	var w, v Wrapper
	v.Transport = &http.Transport{ResponseHeaderTimeout: 30 * time.Second}
	w.Client = &http.Client{Transport: w.Transport} // want `http.Client has no Timeout.*: a server that accepts the connection and never answers`
	return w.Client.Get(u)
}

// A response header timeout of the constant 0 bounds nothing.
func zeroHeaderTimeout(u string) (*http.Response, error) {
	var w Wrapper
	w.Transport = &http.Transport{ResponseHeaderTimeout: 0}
	w.Client = &http.Client{Transport: w.Transport} // want `http.Client has no Timeout.*: a server that accepts the connection and never answers`
	return w.Client.Get(u)
}

// The dial and handshake bounds of a local transport leave the wait for an
// answer open.
func dialAndHandshakeOnly(u string) (*http.Response, error) {
	tr := &http.Transport{TLSHandshakeTimeout: 5 * time.Second}
	c := &http.Client{Transport: tr} // want `http.Client has no Timeout.*: its Transport bounds only the TLS handshake, so the whole request \(reading the body included\) is still unbounded`
	return c.Get(u)
}

// GOOD: a clone of the default transport whose header timeout the function
// sets on the variable: the client's requests wait at most that long for an
// answer.
func clonedWithHeaderTimeout(u string) (*http.Response, error) {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.ResponseHeaderTimeout = 10 * time.Second
	c := http.Client{Transport: t}
	return c.Get(u)
}

// The clone's field set bounds only the handshake.
func clonedHandshakeOnly(u string) (*http.Response, error) {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.TLSHandshakeTimeout = 10 * time.Second
	c := http.Client{Transport: t} // want `http.Client has no Timeout.*: its Transport bounds only the TLS handshake`
	return c.Get(u)
}

// Another transport's header timeout: the client's own clone is unbounded.
func otherClonesTimeout(u string) (*http.Response, error) {
	t, other := http.DefaultTransport.(*http.Transport).Clone(), &http.Transport{}
	other.ResponseHeaderTimeout = 10 * time.Second
	c := http.Client{Transport: t} // want `http.Client has no Timeout.*: a server that accepts the connection and never answers`
	return c.Get(u)
}
