// Package reclink is a shared fixture: the rules it names judge the same
// code, and each line says which of them report it (analyzers'
// TestSharedFixtures).
//
// rules: unboundedretry
package reclink

import (
	"bytes"
	"net/http"
)

// A method that calls itself on another value of its receiver's type, read
// from a field of its receiver (l.fallback.write(m), n.next.send(m)), hands
// the write on along a chain: another object tries, and the chain ends where
// the field is nil. Only a call on the receiver itself (or on the same value
// passed on) sends the same attempt again.

type sink struct {
	client   *http.Client
	url      string
	fallback *sink
}

// post sends b to the sink's endpoint.
func (s *sink) post(b []byte) error {
	resp, err := s.client.Post(s.url, "application/json", bytes.NewReader(b))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// A failover to the fallback sink.
func (s *sink) write(b []byte) error {
	err := s.post(b)
	if err != nil && s.fallback != nil {
		return s.fallback.write(b)
	}
	return err
}

// The same failover, its result dropped.
func (s *sink) output(b []byte) (err error) {
	err = s.post(b)
	if err != nil && s.fallback != nil {
		_ = s.fallback.output(b)
	}
	return
}

// Look-alike: the same receiver again under the same guard, the same write
// with no bound.
func (s *sink) send(b []byte) error {
	err := s.post(b)
	if err != nil && s.fallback != nil {
		return s.send(b) // reports: unboundedretry
	}
	return err
}

type pool struct {
	sink *sink
	peer *pool
}

// Look-alike: a value passed on that is the receiver itself is no other
// link: the same pool writes again.
func (p *pool) push(b []byte) error {
	err := p.sink.post(b)
	if err != nil && p.peer != nil {
		self := p
		return self.push(b) // reports: unboundedretry
	}
	return err
}
