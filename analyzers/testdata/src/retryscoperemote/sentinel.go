package retryscoperemote

import (
	"errors"
	"net"
	"sync"
)

// A loop that goes round only on a sentinel of this package that the
// package returns from a memory check before any remote call is local; the
// sentinel's other uses decide.

var (
	seStale    = errors.New("version moved on")
	seKept     = errors.New("kept for later")
	seNever    = errors.New("never returned here")
	seOverride = errors.New("check replaced")
)

type seStore struct {
	mu      sync.Mutex
	version int
	last    error
	hook    func() bool
}

// commit fails with seStale when the version moved on since the read.
func (s *seStore) commit(read int, addr string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.version != read {
		return seStale
	}
	s.version++
	_, err := net.Dial("tcp", addr)
	return err
}

func seCommit(s *seStore, addr string) error {
	for { // want `local`
		err := s.commit(s.version, addr)
		if err != seStale {
			return err
		}
	}
}

// The sentinel kept in a field may come back from anywhere, after any call.
func (s *seStore) flush(addr string) error {
	if s.last != nil {
		return s.last
	}
	s.last = seKept
	_, err := net.Dial("tcp", addr)
	return err
}

func seFlush(s *seStore, addr string) error {
	for { // want `remote`
		err := s.flush(addr)
		if err == seKept {
			continue
		}
		return err
	}
}

// A sentinel the package never returns: whoever returns it is out of sight.
func seDialNever(addr string) error {
	for { // want `remote`
		_, err := net.Dial("tcp", addr)
		if errors.Is(err, seNever) {
			continue
		}
		return err
	}
}

// check calls its function parameter after replacing it with a hook: the
// argument does not decide what runs.
func (s *seStore) check(ok func() bool) bool {
	if s.hook != nil {
		ok = s.hook
	}
	return ok()
}

func (s *seStore) put(addr string) error {
	if !s.check(func() bool { return s.version > 0 }) {
		return seOverride
	}
	_, err := net.Dial("tcp", addr)
	return err
}

func sePut(s *seStore, addr string) error {
	for { // want `remote`
		err := s.put(addr)
		if err == seOverride {
			continue
		}
		return err
	}
}
