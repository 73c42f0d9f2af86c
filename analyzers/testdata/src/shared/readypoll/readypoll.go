// Package readypoll is a shared fixture: the rules it names judge the same
// code, and each line says which of them report it (analyzers'
// TestSharedFixtures).
//
// A readiness wait or a poll for something to appear is no retry: its
// attempt asks "there yet?" (a dial whose connection is closed at once, a
// pool's connection, a read that fails with "not found" until a write lands)
// and it has a bound. A constant interval is right for it, and every error
// of a probe means "not yet". A loop around a request that does work, under
// the same bound, stays a retry. A poll whose every round hands its context
// to a read whose other errors leave sees a cancel at the next read: one
// short wait is all a cancel waits out.
//
// rules: retryall fixedsleep nojitter sleepnoctx
package readypoll

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"net"
	"net/http"
	"time"

	"github.com/sethvargo/go-retry"
)

var errNoRows = errors.New("no rows in result set")

type row struct{ Owner string }

// store is out of sight (an interface): its Read may reach another system.
type store interface {
	Read(ctx context.Context, id string) (*row, error)
}

// network dials through a virtual network.
type network struct{ dialer net.Dialer }

// DialContextTCP opens a connection to addr.
func (n *network) DialContextTCP(ctx context.Context, addr string) (net.Conn, error) {
	return n.dialer.DialContext(ctx, "tcp", addr)
}

// Quiet: ten polls a second apart for a row written elsewhere to appear;
// every error but "not found" returns.
func awaitRow(ctx context.Context, s store, id string) (*row, error) {
	var r *row
	var err error
	polls := 0
	for polls < 10 {
		r, err = s.Read(ctx, id)
		if err != nil && !errors.Is(err, errNoRows) {
			return nil, err
		}
		if err != nil && errors.Is(err, errNoRows) {
			polls++
			time.Sleep(time.Second)
			continue
		}
		break
	}
	if r == nil {
		return nil, errors.New("row did not appear")
	}
	return r, nil
}

// Quiet: the same poll written with nested tests; each wait of a second is followed by a read that takes ctx and returns once it is done,
// so a cancel goes unnoticed for one second at most.
func streamRow(ctx context.Context, s store, id string) error {
	polls := 0
	for polls < 12 {
		r, err := s.Read(ctx, id)
		if err != nil {
			if errors.Is(err, errNoRows) {
				polls++
				time.Sleep(time.Second)
				continue
			}
			return err
		}
		return use(r)
	}
	return errors.New("row did not appear")
}

// Quiet: a poll that also waits out an empty answer: the read takes ctx
// every round and any error but "not found" returns, so a cancel goes
// unnoticed for one second at most.
func watchRow(ctx context.Context, s store, id string) error {
	polls := 0
	for polls < 12 {
		r, err := s.Read(ctx, id)
		if err != nil {
			if errors.Is(err, errNoRows) {
				polls++
				time.Sleep(time.Second)
				continue
			}
			return err
		}
		if r == nil {
			polls++
			time.Sleep(time.Second)
			continue
		}
		return use(r)
	}
	return errors.New("row did not appear")
}

// Look-alike: the same loop going round on every error, the context's too:
// its waits add up to 12 s after a cancel.
func watchRowRetrying(ctx context.Context, s store, id string) error {
	polls := 0
	for polls < 12 { // reports: sleepnoctx
		r, err := s.Read(ctx, id)
		if err != nil {
			polls++
			time.Sleep(time.Second)
			continue
		}
		if r == nil {
			polls++
			time.Sleep(time.Second)
			continue
		}
		return use(r)
	}
	return errors.New("row did not appear")
}

// Look-alike: a poll with waits of 15 s: a cancel goes unnoticed for
// one whole wait, longer than a shutdown's patience.
func streamRowSlowly(ctx context.Context, s store, id string) error {
	polls := 0
	for polls < 12 { // reports: sleepnoctx
		r, err := s.Read(ctx, id)
		if err != nil {
			if errors.Is(err, errNoRows) {
				polls++
				time.Sleep(15 * time.Second)
				continue
			}
			return err
		}
		return use(r)
	}
	return errors.New("row did not appear")
}

// Look-alike: the same poll whose read is handed no context: it cannot see
// the cancel, and the waits add up to 12 s.
func streamRowBlind(ctx context.Context, s blindStore, id string) error {
	polls := 0
	for polls < 12 { // reports: sleepnoctx
		r, err := s.Read(id)
		if err != nil {
			if errors.Is(err, errNoRows) {
				polls++
				time.Sleep(time.Second)
				continue
			}
			return err
		}
		return use(r)
	}
	return errors.New("row did not appear")
}

// use takes the row that appeared.
func use(r *row) error {
	if r == nil {
		return errors.New("empty row")
	}
	return nil
}

// blindStore reads with no context.
type blindStore interface {
	Read(id string) (*row, error)
}

// Quiet: dial until the port accepts a connection, under a deadline; the
// connection is only closed.
func waitPort(n *network, addr string, limit time.Duration) error {
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	for {
		conn, err := n.DialContextTCP(ctx, addr)
		if err == nil {
			conn.Close()
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		default:
		}
		time.Sleep(time.Second)
	}
}

// send posts body to url within ctx.
func send(ctx context.Context, c *http.Client, url string, body []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Look-alike: a request under a deadline of the same kind, retried on every
// error at a constant pace.
func postWithin(c *http.Client, url string, body []byte, limit time.Duration) error {
	deadline := time.Now().Add(limit)
	for { // reports: fixedsleep
		err := send(context.Background(), c, url, body)
		if err == nil {
			return nil
		}
		if time.Now().After(deadline) {
			return err
		}
		time.Sleep(time.Second)
	}
}

// openDB opens a handle on the database: sql.Open reaches nothing.
func openDB(driver, dsn string) (*sql.DB, error) {
	return sql.Open(driver, dsn)
}

// Quiet: take a connection from a pool the callback opens once, a second
// apart, for 30 s: every error means the database is not up yet.
func connectDB(ctx context.Context, dsn string) (*sql.Conn, error) {
	var db *sql.DB
	var conn *sql.Conn
	wctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	err := retry.Do(wctx, retry.NewConstant(time.Second), func(ctx context.Context) error {
		var err error
		if db == nil {
			if db, err = openDB("postgres", dsn); err != nil {
				return retry.RetryableError(err)
			}
		}
		if conn, err = db.Conn(ctx); err != nil {
			return retry.RetryableError(err)
		}
		return nil
	})
	return conn, err
}

// Look-alike: the same helper and bound around a statement that does work.
func insertWithin(ctx context.Context, db *sql.DB, name string) error {
	wctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	return retry.Do(wctx, retry.NewConstant(time.Second), func(ctx context.Context) error { // reports: retryall fixedsleep
		if _, err := db.ExecContext(ctx, "INSERT INTO t(name) VALUES($1)", name); err != nil {
			return retry.RetryableError(err)
		}
		return nil
	})
}
