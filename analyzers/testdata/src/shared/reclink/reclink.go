// Package reclink is a shared fixture: the rules it names judge the same
// code, and each line says which of them report it (analyzers'
// TestSharedFixtures).
//
// rules: retryall unboundedretry
package reclink

import "io"

// A method that calls itself on another value of its receiver's type, read
// from a field of its receiver (l.fallback.write(m), n.next.send(m)), hands
// the write on along a chain: another object tries, and the chain ends where
// the field is nil. Only a call on the receiver itself (or on the same value
// passed on) sends the same attempt again.

type sink struct {
	out      io.Writer
	fallback *sink
}

// A failover to the fallback sink.
func (s *sink) write(b []byte) error {
	_, err := s.out.Write(b)
	if err != nil && s.fallback != nil {
		return s.fallback.write(b)
	}
	return err
}

// The same failover, its result dropped.
func (s *sink) output(b []byte) (err error) {
	_, err = s.out.Write(b)
	if err != nil && s.fallback != nil {
		_ = s.fallback.output(b)
	}
	return
}

// Look-alike: the same receiver again under the same guard, the same write
// with no bound.
func (s *sink) send(b []byte) error {
	_, err := s.out.Write(b)
	if err != nil && s.fallback != nil {
		return s.send(b) // reports: retryall unboundedretry
	}
	return err
}

type pool struct {
	out  io.Writer
	peer *pool
}

// Look-alike: a value passed on that is the receiver itself is no other
// link: the same pool writes again.
func (p *pool) push(b []byte) error {
	_, err := p.out.Write(b)
	if err != nil && p.peer != nil {
		self := p
		return self.push(b) // reports: retryall unboundedretry
	}
	return err
}
