// Package nettune stands in for a program's package of shared HTTP
// settings: helpers that build the transports its clients use.
package nettune

import (
	"net/http"
	"time"
)

// NewTransport bounds the wait for an answer.
func NewTransport(d time.Duration) *http.Transport {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.ResponseHeaderTimeout = d
	return t
}

// Wrapped is the program's own transport around the standard one.
type Wrapped struct {
	*http.Transport
	agent string
}

func wrap(t *http.Transport, agent string) *Wrapped { return &Wrapped{Transport: t, agent: agent} }

// NewCustom builds a bounded transport, lets the caller customise it, and
// wraps it.
func NewCustom(d time.Duration, customize func(*http.Transport)) *Wrapped {
	t := new(http.Transport)
	t.TLSHandshakeTimeout = time.Second
	t.ResponseHeaderTimeout = d
	if customize != nil {
		customize(t)
	}
	return wrap(t, "x")
}

// NewLiteral returns a literal with the field.
func NewLiteral() *http.Transport {
	return &http.Transport{ResponseHeaderTimeout: time.Minute}
}

// DialOnly bounds only the handshake.
func DialOnly() *http.Transport {
	return &http.Transport{TLSHandshakeTimeout: time.Second}
}

// ZeroHeader sets the field to 0: no bound.
func ZeroHeader() *http.Transport {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.ResponseHeaderTimeout = 0
	return t
}

// OnePath bounds the answer on one return only.
func OnePath(fast bool) *http.Transport {
	if fast {
		return &http.Transport{ResponseHeaderTimeout: time.Second}
	}
	return http.DefaultTransport.(*http.Transport).Clone()
}

// InClosure sets the field in a function literal that may never run.
func InClosure() (*http.Transport, func()) {
	t := &http.Transport{}
	return t, func() { t.ResponseHeaderTimeout = time.Second }
}
