package loops

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log"
	"net"
	"net/http"
	"path"
	"strconv"
)

// Loops whose failure path changes what the next attempt does: an escalation
// ladder, a switched target or flag, a name made from the counter. Each
// iteration tries something else, so a failure is not repeated.

// Each step of the ladder runs a preparation with the element before the same
// check: the check sees another state on each iteration.
func escalate(ctx context.Context, db *sql.DB, id int) error {
	for _, mode := range []string{"", "SET LOCAL enable_seqscan = off", "ANALYZE t"} { // want `retry loop classified=false bounded=true max=3 failover ctx=ctx`
		if mode != "" {
			if _, err := db.ExecContext(ctx, mode); err != nil {
				return err
			}
		}
		if err := db.QueryRowContext(ctx, "select 1 from t where id = $1", id).Err(); err == nil {
			return nil
		}
	}
	return errors.New("not found")
}

// The element only logged: the same query each time, a retry.
func escalateLogged(ctx context.Context, db *sql.DB, id int) error {
	for _, step := range []string{"first", "second", "third"} { // want `retry loop classified=false bounded=true max=3 ctx=ctx$`
		log.Printf("step %s", step)
		if err := db.QueryRowContext(ctx, "select 1 from t where id = $1", id).Err(); err == nil {
			return nil
		}
	}
	return errors.New("not found")
}

// A failure switches the scheme the next request uses: an upgrade ladder.
func getFallback(c *http.Client, host string) (*http.Response, error) {
	scheme := "https"
	var err error
	for i := 0; i < 2; i++ { // want `retry loop classified=false bounded=true max=2 failover`
		var resp *http.Response
		if resp, err = c.Get(scheme + "://" + host); err == nil {
			return resp, nil
		}
		scheme = "http"
	}
	return nil, err
}

// A failure switches to the standby address.
func dialStandby(primary, standby string) (net.Conn, error) {
	addr := primary
	for { // want `retry loop classified=false bounded=false failover`
		conn, err := net.Dial("tcp", addr)
		if err == nil {
			return conn, nil
		}
		if addr == standby {
			return nil, err
		}
		addr = standby
	}
}

// A flag escalated on the failure path changes the statement sent.
func pullForce(ctx context.Context, db *sql.DB) error {
	force := false
	for i := 0; i < 2; i++ { // want `retry loop classified=false bounded=true max=2 failover ctx=ctx`
		if _, err := db.ExecContext(ctx, "select pull($1)", force); err == nil {
			return nil
		}
		force = true
	}
	return errors.New("pull failed")
}

// Only some failures switch the address: the others retry the same one.
func dialSometimes(primary, standby string, refused func(error) bool) (net.Conn, error) {
	addr := primary
	for i := 0; i < 3; i++ { // want `retry loop classified=true bounded=true max=3 wait=other$`
		conn, err := net.Dial("tcp", addr)
		if err == nil {
			return conn, nil
		}
		if refused(err) {
			addr = standby
		}
	}
	return nil, errors.New("no connection")
}

// A connection made again on failure carries the same message: a retry (a
// value made by a call is not a switch to another target).
func resend(addr string, msg []byte) error {
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		return err
	}
	for i := 0; i < 3; i++ { // want `retry loop classified=false bounded=true max=3$`
		if _, err = conn.Write(msg); err == nil {
			return nil
		}
		conn.Close()
		if conn, err = net.Dial("tcp", addr); err != nil {
			return err
		}
	}
	return err
}

// A name made from the counter is the next candidate: a search for a free name.
func putFreeName(ctx context.Context, c *http.Client, base string) error {
	for i := 0; i < 10; i++ { // want `retry loop classified=false bounded=true max=10 failover ctx=ctx`
		name := fmt.Sprintf("%s-%d", base, i)
		req, err := http.NewRequestWithContext(ctx, http.MethodPut, "https://store.example/"+name, nil)
		if err != nil {
			return err
		}
		resp, err := c.Do(req)
		if err == nil {
			resp.Body.Close()
			return nil
		}
	}
	return errors.New("no free name")
}

// The attempt number in a header does not change the request's target.
func putNumbered(ctx context.Context, c *http.Client, url string) error {
	for i := 0; i < 3; i++ { // want `retry loop classified=false bounded=true max=3 ctx=ctx$`
		req, err := http.NewRequestWithContext(ctx, http.MethodPut, url, nil)
		if err != nil {
			return err
		}
		req.Header.Set("X-Attempt", strconv.Itoa(i))
		resp, err := c.Do(req)
		if err == nil {
			resp.Body.Close()
			return nil
		}
	}
	return errors.New("not stored")
}

// Recursion that drops the exhausted address before calling itself drains the
// list: failover.
func dialEach(addrs []string) (net.Conn, error) {
	if len(addrs) == 0 {
		return nil, errors.New("no address left")
	}
	conn, err := net.Dial("tcp", addrs[0])
	if err != nil {
		return dialEach(addrs[1:])
	}
	return conn, nil
}

// Recursion with the same list: a retry.
func dialAgain(addrs []string) (net.Conn, error) {
	conn, err := net.Dial("tcp", addrs[0])
	if err != nil {
		return dialAgain(addrs) // want `recursive retry classified=false bounded=false`
	}
	return conn, nil
}

// Recursion with the parent of its path searches up the tree for the
// nearest entry: each call asks for another name.
func nearestEntry(ctx context.Context, db *sql.DB, dir string) (string, error) {
	var v string
	err := db.QueryRowContext(ctx, "select v from meta where path = $1", dir).Scan(&v)
	if err == nil {
		return v, nil
	}
	if dir == "/" {
		return "", err
	}
	return nearestEntry(ctx, db, path.Dir(dir))
}

// A shorter prefix, or the name with a suffix, is another name too.
func byPrefix(ctx context.Context, db *sql.DB, key string) error {
	if _, err := db.ExecContext(ctx, "delete from k where p = $1", key); err != nil && len(key) > 1 {
		return byPrefix(ctx, db, key[:len(key)-1])
	}
	return nil
}

func claimName(ctx context.Context, db *sql.DB, name string) error {
	if _, err := db.ExecContext(ctx, "insert into names values ($1)", name); err != nil {
		return claimName(ctx, db, name+"-1")
	}
	return nil
}

// The same name, or the name converted, is a retry.
func claimAgain(ctx context.Context, db *sql.DB, name string) error {
	if _, err := db.ExecContext(ctx, "insert into names values ($1)", string(name)); err != nil {
		return claimAgain(ctx, db, string(name)) // want `recursive retry classified=false bounded=false ctx=ctx$`
	}
	return nil
}

// writer stands for a sink that may take only part of what it is given.
type writer interface {
	Write(p []byte) (int, error)
}

var errShort = errors.New("short write")

// A short write moves the input on by what was written: each "failure" is
// progress through the buffer, not the same write again.
func writeAll(w writer, buf []byte) error {
	for { // want `retry loop classified=true bounded=false failover`
		n, err := w.Write(buf)
		if err != errShort {
			return err
		}
		buf = buf[n:]
	}
}

// The same loop that only counts what was written writes the same buffer
// again: a retry.
func writeCounted(w writer, buf []byte) (int, error) {
	total := 0
	for { // want `retry loop classified=true bounded=false$`
		n, err := w.Write(buf)
		if err != errShort {
			return total, err
		}
		total += n
	}
}

// The offset moves on right after the attempt, before its check.
func appendAll(w writer, buf []byte) (int, error) {
	off := 0
	for { // want `retry loop classified=true bounded=false failover`
		n, err := w.Write(buf[off:])
		off += n
		if err != errShort {
			return off, err
		}
	}
}
