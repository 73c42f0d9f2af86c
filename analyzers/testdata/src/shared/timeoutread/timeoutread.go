// Package timeoutread is a shared fixture: the rules it names judge the same
// code, and each line says which of them report it (analyzers'
// TestSharedFixtures).
//
// rules: fixedsleep retryall unboundedretry
package timeoutread

import (
	"errors"
	"net"
	"os"
	"time"
)

// A loop that reads packets from a connection and goes round only when a
// read timed out (nothing arrived before the deadline) receives; it does not
// retry a failed read. Going round on every failure, on temporary failures
// (a reset connection is one), or on a dial that timed out still retries.

var errShort = errors.New("short packet")

// packets and stream are connections handed in by the package's users.
type packets interface {
	ReadFrom(b []byte) (int, net.Addr, error)
	SetReadDeadline(t time.Time) error
}

type stream interface {
	Recv(b []byte) (int, error)
	SetDeadline(t time.Time) error
}

type worker struct {
	conn   packets
	stream stream
	addr   string
	dial   func(addr string) (net.Conn, error)
	seen   int
}

func (w *worker) handle(b []byte, from net.Addr) {
	if len(b) > 0 && from != nil {
		w.seen++
	}
}

func (w *worker) receive() error {
	buf := make([]byte, 1500)
	for {
		n, from, err := w.conn.ReadFrom(buf)
		if err != nil {
			if os.IsTimeout(err) {
				continue
			}
			return err
		}
		w.handle(buf[:n], from)
	}
}

func (w *worker) receiveStream() error {
	buf := make([]byte, 1500)
	for {
		n, err := w.stream.Recv(buf)
		if err != nil {
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				continue
			}
			return err
		}
		w.handle(buf[:n], nil)
	}
}

// readPacket is the package's own read of the next packet.
func (w *worker) readPacket(buf []byte) (int, net.Addr, error) {
	n, from, err := w.conn.ReadFrom(buf)
	if err == nil && n == 0 {
		return 0, nil, errShort
	}
	return n, from, err
}

func (w *worker) receiveOwn() {
	buf := make([]byte, 1500)
	for {
		n, from, err := w.readPacket(buf)
		switch {
		case err == nil:
		case os.IsTimeout(err):
			continue
		default:
			return
		}
		w.handle(buf[:n], from)
	}
}

// Every failure goes round: the read is retried at once.
func (w *worker) receiveAny() {
	buf := make([]byte, 1500)
	for { // reports: fixedsleep retryall unboundedretry
		n, from, err := w.conn.ReadFrom(buf)
		if err != nil {
			continue
		}
		w.handle(buf[:n], from)
		return
	}
}

// Temporary failures go round: a reset connection fails every read at once.
func (w *worker) receiveTemporary() error {
	buf := make([]byte, 1500)
	for { // reports: fixedsleep unboundedretry
		n, from, err := w.conn.ReadFrom(buf)
		if err != nil {
			var ne net.Error
			if errors.As(err, &ne) && ne.Temporary() {
				continue
			}
			return err
		}
		w.handle(buf[:n], from)
		return nil
	}
}

// A dial that timed out is dialled again at once.
func (w *worker) connect() (net.Conn, error) {
	for { // reports: fixedsleep unboundedretry
		c, err := w.dial(w.addr)
		if err != nil {
			if os.IsTimeout(err) {
				continue
			}
			return nil, err
		}
		return c, nil
	}
}
