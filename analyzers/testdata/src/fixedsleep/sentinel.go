package fixedsleep

// Issue 12, shape 1: a loop that goes round only on a sentinel of its own
// package, which the package returns from a check of in-memory state before
// any call that leaves the process, retries an in-process conflict
// (optimistic concurrency), not a failing dependency: quiet. A sentinel
// returned after a remote call, a sentinel of another package, a sentinel
// returned both before and after a remote call, and a loop that goes round
// on every error are still reported.

import (
	"errors"
	"io"
	"net"
	"net/http"
	"sync"
)

var (
	snErrStale     = errors.New("slot replaced meanwhile")
	snErrMoved     = errors.New("slot moved")
	snErrThrottled = errors.New("quota server throttled the call")
	snErrBusy      = errors.New("slot busy")
)

type snSlot struct {
	mu sync.Mutex
	ln net.Listener
}

type snTable struct {
	mu    sync.Mutex
	slots map[string]*snSlot
}

func (t *snTable) get(key string) *snSlot {
	t.mu.Lock()
	defer t.mu.Unlock()
	s, ok := t.slots[key]
	if !ok {
		s = &snSlot{}
		t.slots[key] = s
	}
	return s
}

// isCurrent calls match: a function parameter, decided by the argument.
func (t *snTable) isCurrent(key string, match func(*snSlot) bool) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	s, ok := t.slots[key]
	return ok && match(s)
}

// open fails with snErrStale when another caller replaced the slot; the
// check reads memory only, before the listener is opened.
func (s *snSlot) open(t *snTable, key string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !t.isCurrent(key, func(cur *snSlot) bool { return cur == s }) {
		return snErrStale
	}
	resp, err := http.Post("http://slot.internal/open", "text/plain", nil)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return errors.New(resp.Status)
	}
	return nil
}

func snOpenCurrent(t *snTable, key string) error {
	for {
		err := t.get(key).open(t, key)
		if err == snErrStale {
			continue
		}
		return err
	}
}

// dial returns snErrMoved (through a local variable) before it dials.
func (s *snSlot) dial(t *snTable, key string) (net.Conn, error) {
	var err error
	if t.get(key) != s {
		err = snErrMoved
		return nil, err
	}
	return net.Dial("tcp", "slot.internal:80")
}

func snDialCurrent(t *snTable, key string) (net.Conn, error) {
	for {
		conn, err := t.get(key).dial(t, key)
		if errors.Is(err, snErrMoved) {
			continue
		}
		return conn, err
	}
}

// fetchQuota returns snErrThrottled after reading the server's 429: the
// sentinel reports the other system's state.
func snFetchQuota(c *http.Client) error {
	resp, err := c.Get("http://quota.internal/")
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusTooManyRequests {
		return snErrThrottled
	}
	return nil
}

func snWaitQuota(c *http.Client) error {
	for { // want `retry loop tries again at once after a failure`
		err := snFetchQuota(c)
		if err == snErrThrottled {
			continue
		}
		return err
	}
}

// A sentinel of another package, from a network read.
func snReadHeader(addr string) error {
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		return err
	}
	defer conn.Close()
	buf := make([]byte, 8)
	_, err = io.ReadFull(conn, buf)
	return err
}

// Look-alike: the read only carries bytes on a connection, so going round at
// once asks no server to slow down (Region.MayBeRefused): quiet.
func snReadWhole(addr string) error {
	for { // quiet: connection-level only
		err := snReadHeader(addr)
		if errors.Is(err, io.ErrUnexpectedEOF) {
			continue
		}
		return err
	}
}

// A sentinel of another package, from a database query.
func snQueryWhole() (int, error) {
	for { // want `retry loop tries again at once after a failure`
		var n int
		err := db.QueryRow("SELECT n FROM counters").Scan(&n)
		if errors.Is(err, io.ErrUnexpectedEOF) {
			continue
		}
		return n, err
	}
}

// claim returns snErrBusy from a memory check and again after asking the
// server: one remote return keeps the loop remote.
func (s *snSlot) claim(c *http.Client) error {
	if s.ln != nil {
		return snErrBusy
	}
	resp, err := c.Get("http://slots.internal/claim")
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusConflict {
		return snErrBusy
	}
	return nil
}

func snClaim(s *snSlot, c *http.Client) error {
	for { // want `retry loop tries again at once after a failure`
		err := s.claim(c)
		if err == snErrBusy {
			continue
		}
		return err
	}
}

// Goes round on every error of the open, the stale conflict included.
func snOpenAnyway(t *snTable, key string) error {
	for { // want `retry loop tries again at once after a failure`
		err := t.get(key).open(t, key)
		if err != nil {
			continue
		}
		return nil
	}
}
