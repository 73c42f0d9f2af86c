// Package readwait is a shared fixture: the rules it names judge the same
// code, and each line says which of them report it (analyzers'
// TestSharedFixtures).
//
// rules: fixedsleep retryall unboundedretry
package readwait

import (
	"errors"
	"os"
	"time"
)

// msg is one decoded message; reader decodes them from a stream whose
// deadline lives elsewhere (on the connection under it).
type msg struct{ kind int }

type reader interface {
	ReadMsg(m *msg) error
}

type channel interface {
	SetReadDeadline(t time.Time) error
	ReadChunk(b []byte) (int, error)
}

type session struct {
	ch    channel
	rd    reader
	end   time.Time
	seen  int
	limit int
	dial  func() (channel, error)
}

func (s *session) handle(m *msg) { s.seen += m.kind }

// setDeadline is the package's own way to arm the channel's read deadline.
func (s *session) setDeadline(t time.Time) error { return s.ch.SetReadDeadline(t) }

// The loop arms a read deadline on every pass and reads: a read that ran
// out of time waited until the deadline, and going round re-arms it.
func (s *session) controlMessages() {
	var m msg
	for {
		if !s.end.IsZero() && time.Now().After(s.end) {
			return
		}
		_ = s.setDeadline(s.end)
		err := s.rd.ReadMsg(&m)
		if err != nil {
			if errors.Is(err, os.ErrDeadlineExceeded) {
				continue
			}
			return
		}
		s.handle(&m)
	}
}

// The same with the deadline set directly on the channel.
func (s *session) controlMessagesDirect() {
	var m msg
	for {
		_ = s.ch.SetReadDeadline(time.Now().Add(time.Second))
		if err := s.rd.ReadMsg(&m); err != nil {
			if errors.Is(err, os.ErrDeadlineExceeded) {
				continue
			}
			return
		}
		s.handle(&m)
	}
}

// No deadline is armed in the loop: a timed-out read says nothing about a
// wait, and it is read again at once.
func (s *session) controlMessagesUnarmed() {
	var m msg
	for { // reports: fixedsleep unboundedretry
		err := s.rd.ReadMsg(&m)
		if err != nil {
			if errors.Is(err, os.ErrDeadlineExceeded) {
				continue
			}
			return
		}
		s.handle(&m)
		return
	}
}

// The deadline is armed only on some passes: the others read again at once.
func (s *session) controlMessagesSometimes(first bool) {
	var m msg
	for { // reports: fixedsleep unboundedretry
		if first {
			s.setDeadline(time.Now().Add(time.Second))
			first = false
		}
		err := s.rd.ReadMsg(&m)
		if err != nil {
			if errors.Is(err, os.ErrDeadlineExceeded) {
				continue
			}
			return
		}
		s.handle(&m)
		return
	}
}

// The deadline is armed on every pass, but every failure goes round.
func (s *session) controlMessagesAny() {
	var m msg
	for { // reports: fixedsleep retryall unboundedretry
		s.setDeadline(time.Now().Add(time.Second))
		if err := s.rd.ReadMsg(&m); err != nil {
			continue
		}
		s.handle(&m)
		return
	}
}

// A deadline of now has passed when the read starts: it fails at once.
func (s *session) controlMessagesPast() {
	var m msg
	for { // reports: fixedsleep unboundedretry
		_ = s.ch.SetReadDeadline(time.Now())
		if err := s.rd.ReadMsg(&m); err != nil {
			if errors.Is(err, os.ErrDeadlineExceeded) {
				continue
			}
			return
		}
		s.handle(&m)
		return
	}
}

// The end time is armed but never checked: once past, every read fails at
// once.
func (s *session) controlMessagesUnchecked() {
	var m msg
	for { // reports: fixedsleep unboundedretry
		s.setDeadline(s.end)
		if err := s.rd.ReadMsg(&m); err != nil {
			if errors.Is(err, os.ErrDeadlineExceeded) {
				continue
			}
			return
		}
		s.handle(&m)
		return
	}
}

// The deadline is armed on another channel than the one read.
func (s *session) controlMessagesElsewhere(other channel) {
	var m msg
	for { // reports: fixedsleep unboundedretry
		_ = other.SetReadDeadline(time.Now().Add(time.Second))
		if err := s.rd.ReadMsg(&m); err != nil {
			if errors.Is(err, os.ErrDeadlineExceeded) {
				continue
			}
			return
		}
		s.handle(&m)
		return
	}
}
