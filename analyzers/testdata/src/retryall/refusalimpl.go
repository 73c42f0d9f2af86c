package retryall

// Issue 12, precision: a call through the package's own abstractions is
// judged by what the package plugs into them (retryscope: remote_impls.go).
// A method of an interface declared here runs one of the package's
// implementations; a func-valued field runs one of the values the package
// assigns it. When every one of them only connects, the retry fails only on
// the way: quiet. One that may hear a verdict, a value from a parameter, a
// client of another package converted to the interface, or an interface with
// no implementation here keeps the call out of reach: reported.

import (
	"context"
	"database/sql"
	"net"
	"time"
)

type riDialer interface {
	DialAddr(addr string) (net.Conn, error)
}

type riTCPDialer struct{ timeout time.Duration }

func (d *riTCPDialer) DialAddr(addr string) (net.Conn, error) {
	return net.DialTimeout("tcp", addr, d.timeout)
}

type riNode struct{ dialer riDialer }

func newRINode() *riNode { return &riNode{dialer: &riTCPDialer{timeout: time.Second}} }

// Look-alike: the package's only dialer dials.
func (n *riNode) connect(addr string) (net.Conn, error) {
	var err error
	for i := 0; i < 3; i++ { // quiet: every implementation only connects
		var c net.Conn
		if c, err = n.dialer.DialAddr(addr); err == nil {
			return c, nil
		}
		time.Sleep(time.Second)
	}
	return nil, err
}

type riOpener interface {
	OpenSession(ctx context.Context) error
}

type riConnOpener struct{ addr string }

func (o riConnOpener) OpenSession(ctx context.Context) error {
	var d net.Dialer
	c, err := d.DialContext(ctx, "tcp", o.addr)
	if err != nil {
		return err
	}
	return c.Close()
}

type riDBOpener struct{ db *sql.DB }

func (o riDBOpener) OpenSession(ctx context.Context) error {
	_, err := o.db.ExecContext(ctx, "INSERT INTO sessions DEFAULT VALUES")
	return err
}

// One of the two openers runs a statement, which a constraint may refuse.
func riOpen(ctx context.Context, o riOpener) error {
	var err error
	for i := 0; i < 20; i++ { // want `retry loop retries every error alike`
		if err = o.OpenSession(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

type riPool struct {
	dial func(network, addr string) (net.Conn, error)
}

func newRIPool() *riPool { return &riPool{dial: net.Dial} }

// Look-alike: the pool's dial field is net.Dial, set by its constructor.
func (p *riPool) get(addr string) (net.Conn, error) {
	var err error
	for i := 0; i < 3; i++ { // quiet: the field's only value dials
		var c net.Conn
		if c, err = p.dial("tcp", addr); err == nil {
			return c, nil
		}
		time.Sleep(time.Second)
	}
	return nil, err
}

type riFactoryPool struct {
	factory func(addr string) (net.Conn, error)
}

func newRIFactoryPool(factory func(addr string) (net.Conn, error)) *riFactoryPool {
	return &riFactoryPool{factory: factory}
}

// The factory comes from the constructor's caller: out of reach.
func (p *riFactoryPool) get(addr string) (net.Conn, error) {
	var err error
	for i := 0; i < 20; i++ { // want `retry loop retries every error alike`
		var c net.Conn
		if c, err = p.factory(addr); err == nil {
			return c, nil
		}
		time.Sleep(time.Second)
	}
	return nil, err
}

type riPublisher interface {
	PublishEvent(b []byte) error
}

// No implementation of the interface here: any client may be behind it.
func riPublish(p riPublisher, b []byte) error {
	var err error
	for i := 0; i < 20; i++ { // want `retry loop retries every error alike`
		if err = p.PublishEvent(b); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

type riExecer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

type riDialExecer struct{ addr string }

func (e riDialExecer) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	var d net.Dialer
	c, err := d.DialContext(ctx, "tcp", e.addr)
	if err != nil {
		return nil, err
	}
	return nil, c.Close()
}

type riStore struct{ ex riExecer }

func newRIStore(db *sql.DB) *riStore { return &riStore{ex: db} }

// The package's own implementation only dials, but a *sql.DB is converted to
// the interface too: a statement may be refused.
func (s *riStore) save(ctx context.Context) error {
	var err error
	for i := 0; i < 20; i++ { // want `retry loop retries every error alike`
		if _, err = s.ex.ExecContext(ctx, "INSERT INTO t VALUES (1)"); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
