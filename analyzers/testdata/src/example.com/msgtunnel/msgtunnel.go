// Package msgtunnel hands its users an interface over a message connection
// of another package: a caller elsewhere writes through the interface, and
// the engine's fact (StickyWrites) tells it what the one implementation
// does.
package msgtunnel

import (
	"sync"

	"example.com/framedconn"
)

// Tunnel carries messages to the peer.
type Tunnel interface {
	Send(msg []byte) error
	Close() error
}

// Locked serializes writes on one connection.
type Locked struct {
	mu   sync.Mutex
	conn *framedconn.Conn
}

// New wraps conn.
func New(conn *framedconn.Conn) *Locked { return &Locked{conn: conn} }

// Send writes msg as a text frame.
func (t *Locked) Send(msg []byte) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.conn.WriteMessage(1, msg)
}

// Close closes the connection.
func (t *Locked) Close() error { return t.conn.Close() }

var _ Tunnel = (*Locked)(nil)
