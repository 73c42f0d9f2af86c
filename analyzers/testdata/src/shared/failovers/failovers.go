// Package failovers is a shared fixture: the rules it names judge the same
// code, and each line says which of them report it (analyzers'
// TestSharedFixtures).
//
// rules: fixedsleep retryall unboundedretry
package failovers

import (
	"database/sql"
	"errors"
	"net"
	"sync"
	"sync/atomic"
)

// Issue 12 shape 2: a loop that goes round only onto a new resource (the
// socket was rebound under the attempt) or onto the target the failure names
// (a redirect to the leader) does not do the failed attempt again. The same
// resource or the same target again stays a retry.

var db *sql.DB

// sock stands for a connection to a server that can refuse for good: its
// failures are worth classifying, pacing and bounding.
type sock struct{ id int }

func (s *sock) ReadFrom(b []byte) (int, net.Addr, error) {
	_, err := db.Exec("SELECT 1")
	return 0, nil, err
}

func (s *sock) WriteTo(b []byte, to net.Addr) (int, error) {
	_, err := db.Exec("UPDATE t SET n = n + 1")
	return 0, err
}

type rebinding struct {
	mu   sync.Mutex
	conn *sock
	cur  atomic.Pointer[sock]
}

func (r *rebinding) current() *sock {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.conn
}

// ---- swapped resource: quiet ----

// The resource is loaded each round; a failure goes round only when it was
// replaced.
func (r *rebinding) readSwapped(b []byte) (int, error) {
	for {
		conn := r.cur.Load()
		n, _, err := conn.ReadFrom(b)
		if err != nil && conn != r.current() {
			continue
		}
		return n, err
	}
}

// The resource comes in as a parameter and is re-read on the way back; the
// test is nested and written with == .
func (r *rebinding) writeSwapped(conn *sock, b []byte, to net.Addr) (int, error) {
	for {
		n, err := conn.WriteTo(b, to)
		if err != nil {
			if conn == r.current() {
				return n, err
			}
			conn = r.current()
			continue
		}
		return n, err
	}
}

// The attempt takes the resource as an argument, through a value derived from
// it.
func (r *rebinding) sendSwapped(b []byte, to net.Addr) error {
	for {
		conn := r.cur.Load()
		w := conn
		err := sendOn(w, b, to)
		if err != nil && r.conn != conn {
			continue
		}
		return err
	}
}

func sendOn(c *sock, b []byte, to net.Addr) error { _, err := c.WriteTo(b, to); return err }

// ---- same resource: reported ----
//
// (unboundedretry was already quiet on a failure that goes round only under
// a second test, readNil and readNeverReloaded; fixedsleep on the redirect
// look-alikes below, whose attempt only dials: both unchanged here.)

// Every failure goes round on the same socket.
func (r *rebinding) readSame(b []byte) (int, error) {
	conn := r.current()
	for { // reports: fixedsleep retryall unboundedretry
		n, _, err := conn.ReadFrom(b)
		if err != nil {
			continue
		}
		return n, err
	}
}

// The test is against nil: no other resource is tried.
func (r *rebinding) readNil(b []byte) (int, error) {
	for { // reports: fixedsleep retryall
		conn := r.cur.Load()
		n, _, err := conn.ReadFrom(b)
		if err != nil && conn != nil {
			continue
		}
		return n, err
	}
}

// The resource is compared but never re-read: the next attempt runs on the
// same one.
func (r *rebinding) readNeverReloaded(conn *sock, b []byte) (int, error) {
	for { // reports: fixedsleep retryall
		n, _, err := conn.ReadFrom(b)
		if err != nil && conn != r.current() {
			continue
		}
		return n, err
	}
}

// The swap test guards only a log line; every failure goes round.
func (r *rebinding) readLogsSwap(b []byte) (int, error) {
	for { // reports: fixedsleep retryall unboundedretry
		conn := r.cur.Load()
		n, _, err := conn.ReadFrom(b)
		if err != nil {
			if conn != r.current() {
				println("rebound")
			}
			continue
		}
		return n, err
	}
}

// ---- redirect: quiet ----

type notLeader struct {
	leader string
	wait   int
}

func (e notLeader) Error() string { return "not leader, try " + e.leader }

func applyLocal(cmd []byte) (string, error) { return "", notLeader{leader: "b"} }

func forward(host string, cmd []byte) (string, error) {
	c, err := net.Dial("tcp", host)
	if err != nil {
		return "", err
	}
	_, err = c.Write(cmd)
	return "", err
}

// Each round goes to the leader the refusal names.
func execute(cmd []byte) (string, error) {
	res, err := applyLocal(cmd)
	var nl notLeader
	for errors.As(err, &nl) {
		res, err = forward(nl.leader, cmd)
	}
	return res, err
}

// ---- redirect look-alikes: reported ----

// The refusal is read, but the request goes to the same host again.
func executeSameHost(cmd []byte, host string) (string, error) {
	res, err := forward(host, cmd)
	var nl notLeader
	for errors.As(err, &nl) { // reports: unboundedretry
		res, err = forward(host, cmd)
	}
	return res, err
}

// A number read out of the error is not a target.
func executeNumber(cmd []byte, hosts []string) (string, error) {
	res, err := forward(hosts[0], cmd)
	var nl notLeader
	for errors.As(err, &nl) { // reports: unboundedretry
		res, err = forward(hosts[0], cmd[nl.wait:])
	}
	return res, err
}
