package unboundedretry

// Issue 12, shape 1: a loop that goes round only on a sentinel of its own
// package, which the package returns from a check of in-memory state before
// any call that leaves the process, retries an in-process conflict
// (optimistic concurrency), not a failing dependency: quiet. A sentinel
// returned after a remote call, a sentinel of a package out of sight, a sentinel
// returned both before and after a remote call, and a loop that goes round
// on every error are still reported. A sentinel of another package of the
// analysed code (snindex) is as local as the code that returns it: that
// package decides it where it returns it.

import (
	"errors"
	"io"
	"net"
	"net/http"
	"sync"
	"time"

	"unboundedretry/snindex"
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
	for { // want `retry loop has no attempt limit and no deadline`
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

func snReadWhole(addr string) error {
	for { // want `retry loop has no attempt limit and no deadline`
		err := snReadHeader(addr)
		if errors.Is(err, io.ErrUnexpectedEOF) {
			continue
		}
		return err
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
	for { // want `retry loop has no attempt limit and no deadline`
		err := s.claim(c)
		if err == snErrBusy {
			continue
		}
		return err
	}
}

// Goes round on every error of the open, the stale conflict included.
func snOpenAnyway(t *snTable, key string) error {
	for { // want `retry loop has no attempt limit and no deadline`
		err := t.get(key).open(t, key)
		if err != nil {
			continue
		}
		return nil
	}
}

// loadAll lists the entries on the server, then resolves each in the index:
// an entry compacted away meanwhile is missing from the index.
func snLoadAll(c *http.Client, ix *snindex.Index) error {
	resp, err := c.Get("http://index.internal/list")
	if err != nil {
		return err
	}
	resp.Body.Close()
	_, err = ix.Get("head")
	return err
}

// Quiet: goes round only on a sentinel another package of the analysed code
// returns from its in-memory lookup.
func snLoadCurrent(c *http.Client, ix *snindex.Index) error {
	for {
		err := snLoadAll(c, ix)
		if errors.Is(err, snindex.ErrMissing) {
			continue
		}
		return err
	}
}

// Look-alike: that package also returns the sentinel after the server's 410.
func snFetchCurrent(c *http.Client, ix *snindex.Index) error {
	for { // want `retry loop has no attempt limit and no deadline`
		err := ix.Fetch(c, "head")
		if errors.Is(err, snindex.ErrGone) {
			continue
		}
		return err
	}
}

// A clock injected as a field (time.Now in production, a fake in tests) is
// read in the process: a deadline check on it before the next write is the
// package's own verdict.
type snWriter struct {
	c     *http.Client
	now   func() time.Time
	check func() error
}

var (
	snErrTooSlow   = errors.New("write too slow")
	snErrUnhealthy = errors.New("store unhealthy")
)

func (w *snWriter) put(k string) error {
	resp, err := w.c.Get("http://store.internal/" + k)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (w *snWriter) writeSome(items []string, done map[string]bool, until time.Time) error {
	for _, k := range items {
		if done[k] {
			continue
		}
		if !w.now().Before(until) {
			return snErrTooSlow
		}
		if err := w.put(k); err != nil {
			return err
		}
		done[k] = true
	}
	return nil
}

// Quiet: goes round only when the injected clock says the window closed;
// done keeps the items already written.
func snWriteAll(w *snWriter, items []string) error {
	done := map[string]bool{}
	for {
		err := w.writeSome(items, done, time.Now().Add(time.Minute))
		if errors.Is(err, snErrTooSlow) {
			continue
		}
		return err
	}
}

func (w *snWriter) writeChecked(k string) error {
	if w.check() != nil {
		return snErrUnhealthy
	}
	return w.put(k)
}

// Look-alike: the guard calls a func value that is no clock (a health check
// may ask the store).
func snWriteChecked(w *snWriter) error {
	for { // want `retry loop has no attempt limit and no deadline`
		err := w.writeChecked("k")
		if errors.Is(err, snErrUnhealthy) {
			continue
		}
		return err
	}
}
