package retryscoperemote

// Calls through the package's own interfaces and func-valued fields and
// variables, judged by the implementations and values the package shows
// (remote_impls.go).

import (
	"errors"
	"net"
	"time"
)

type ixCache interface {
	Lookup(key string) (string, error)
}

type ixMemCache struct{ m map[string]string }

func (c ixMemCache) Lookup(key string) (string, error) {
	if v, ok := c.m[key]; ok {
		return v, nil
	}
	return "", errors.New("miss")
}

// ixCached: the interface's only implementation stays in the process.
func ixCached(c ixCache) (string, error) {
	var err error
	for i := 0; i < 3; i++ { // want `local`
		var v string
		if v, err = c.Lookup("k"); err == nil {
			return v, nil
		}
		time.Sleep(time.Second)
	}
	return "", err
}

type ixSender interface {
	SendFrame(b []byte) error
}

type ixBuffer struct{ frames [][]byte }

func (s *ixBuffer) SendFrame(b []byte) error {
	s.frames = append(s.frames, b)
	return nil
}

type ixConnSender struct{ addr string }

func (s ixConnSender) SendFrame(b []byte) error {
	conn, err := net.Dial("tcp", s.addr)
	if err != nil {
		return err
	}
	defer conn.Close()
	_, err = conn.Write(b)
	return err
}

// ixSend: one implementation buffers, the other dials and writes.
func ixSend(s ixSender) error {
	var err error
	for i := 0; i < 3; i++ { // want `remote, connects only`
		if err = s.SendFrame([]byte("x")); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

type ixGenericSender[T any] struct{ last T }

func (s *ixGenericSender[T]) FlushFrames() error { return nil }

type ixFlusher interface {
	FlushFrames() error
}

type ixCounter struct{ n int }

func (c *ixCounter) FlushFrames() error { c.n = 0; return nil }

// ixSendGeneric: a generic type has the method: its instantiations are not judged.
func ixSendGeneric(f ixFlusher) error {
	var err error
	for i := 0; i < 3; i++ { // want `remote, may be refused`
		if err = f.FlushFrames(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

var ixClock = ixNow

func ixNow() (time.Time, error) { return time.Now(), nil }

// ixTick: a package variable whose only value reads the clock.
func ixTick() (time.Time, error) {
	var err error
	for i := 0; i < 3; i++ { // want `local`
		var t time.Time
		if t, err = ixClock(); err == nil {
			return t, nil
		}
		time.Sleep(time.Second)
	}
	return time.Time{}, err
}

type ixTCP struct{ timeout time.Duration }

func (d *ixTCP) dial(addr string) (net.Conn, error) {
	return net.DialTimeout("tcp", addr, d.timeout)
}

type ixConns struct {
	open func(addr string) (net.Conn, error)
	// Open is exported: another package may set it.
	Open func(addr string) (net.Conn, error)
}

func newIXConns(secure bool) *ixConns {
	d := &ixTCP{timeout: time.Second}
	c := &ixConns{open: d.dial, Open: d.dial}
	if secure {
		c.open = func(addr string) (net.Conn, error) { return net.Dial("tcp", addr) }
	}
	return c
}

// ixConnect: a method value and a literal, both of which dial.
func (c *ixConns) ixConnect(addr string) (net.Conn, error) {
	var err error
	for i := 0; i < 3; i++ { // want `remote, connects only`
		var conn net.Conn
		if conn, err = c.open(addr); err == nil {
			return conn, nil
		}
		time.Sleep(time.Second)
	}
	return nil, err
}

// ixConnectExported: the exported field may hold anything.
func (c *ixConns) ixConnectExported(addr string) (net.Conn, error) {
	var err error
	for i := 0; i < 3; i++ { // want `remote, may be refused`
		var conn net.Conn
		if conn, err = c.Open(addr); err == nil {
			return conn, nil
		}
		time.Sleep(time.Second)
	}
	return nil, err
}
