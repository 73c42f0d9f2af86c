package loops

import (
	"strconv"
	"time"
)

// --- the next attempt is not the same attempt ----------------------------------

func addPort(port int, lease time.Duration) error { return nil }

// A constant that fails the guard, read by the attempt: a fallback, no region.
func mapPort(port int, lease time.Duration) error {
	if err := addPort(port, lease); err != nil && lease > 0 {
		return mapPort(port, 0)
	}
	return nil
}

// A constant that keeps the guard true: a recursive retry.
func mapPortAgain(port int, lease time.Duration) error {
	if err := addPort(port, lease); err != nil && lease > 0 {
		return mapPortAgain(port, 2*time.Hour) // want `recursive retry classified=false bounded=true`
	}
	return nil
}

type forwarder struct {
	cached, home string
	conn         *forwarderConn
}

type forwarderConn struct{}

func (*forwarderConn) post(target string) error { return nil }

func (r *forwarder) forget()      { r.cached = "" }
func (r *forwarder) reconnect()   { r.conn = &forwarderConn{} }
func (r *forwarder) pick() string { return r.home }

// The setter clears the target the attempt reads: a failover, no region.
func (r *forwarder) deliver(depth int) error {
	target := r.cached
	if target == "" {
		target = r.home
	}
	if err := r.conn.post(target); err != nil && depth == 0 {
		r.forget()
		return r.deliver(depth + 1)
	}
	return nil
}

// The setter re-makes the connection only: the same target again.
func (r *forwarder) deliverAgain(depth int) error {
	if err := r.conn.post(r.home); err != nil && depth < 3 {
		r.reconnect()
		return r.deliverAgain(depth + 1) // want `recursive retry classified=false bounded=true`
	}
	return nil
}

var tmpSeq int

// nextTmp counts: a new name on every call.
func nextTmp() string {
	tmpSeq++
	return "tmp" + strconv.Itoa(tmpSeq)
}

// A name from a counter source on each round: a search, no region.
func makeTmp() error {
	for i := 0; i < 10; i++ {
		if err := mkdir(nextTmp()); err == nil {
			return nil
		}
	}
	return nil
}

// The name made once: a retry loop.
func makeTmpOnce() error {
	name := nextTmp()
	for i := 0; i < 10; i++ { // want `retry loop classified=false bounded=true max=10$`
		if err := mkdir(name); err == nil {
			return nil
		}
	}
	return nil
}
