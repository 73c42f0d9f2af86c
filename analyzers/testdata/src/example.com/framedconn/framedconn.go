// Package framedconn is a message connection over a stream connection, the
// shape of a websocket connection: a type with deadlines and message writes
// whose write error stays with the connection.
package framedconn

import (
	"io"
	"net"
	"time"
)

// Conn sends framed messages on a stream connection, through a writer
// that may compress them.
type Conn struct {
	nc       net.Conn
	w        io.Writer
	writeErr error
}

// Dial connects to addr.
func Dial(addr string) (*Conn, error) {
	nc, err := net.Dial("tcp", addr)
	if err != nil {
		return nil, err
	}
	return &Conn{nc: nc, w: nc}, nil
}

// SetWriteDeadline bounds the next writes.
func (c *Conn) SetWriteDeadline(t time.Time) error { return c.nc.SetWriteDeadline(t) }

// WriteMessage sends one frame; after a failed write every write fails.
func (c *Conn) WriteMessage(kind int, data []byte) error {
	if c.writeErr != nil {
		return c.writeErr
	}
	frame := append([]byte{byte(kind)}, data...)
	if _, err := c.w.Write(frame); err != nil {
		c.writeErr = err
	}
	return c.writeErr
}

// ReadMessage reads one frame.
func (c *Conn) ReadMessage() ([]byte, error) {
	buf := make([]byte, 512)
	n, err := c.nc.Read(buf)
	return buf[:n], err
}

// Close closes the connection.
func (c *Conn) Close() error { return c.nc.Close() }
