package retryscoperemote

import (
	"bufio"
	"net"
	"time"
)

// A write again on a connection the loop holds reaches nobody: the
// connection keeps its write error. A new connection each round, or a
// datagram connection, is a retry against the other system.

// scHeld: deadline and write on the connection handed in.
func scHeld(conn net.Conn) error {
	var err error
	for i := 0; i < 3; i++ { // want `local`
		conn.SetWriteDeadline(time.Now().Add(time.Second))
		if _, err = conn.Write([]byte("bye")); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// scField: the connection a field holds, which the loop does not assign.
type scClient struct{ conn *net.TCPConn }

func (c *scClient) bye() error {
	var err error
	for i := 0; i < 3; i++ { // want `local`
		if _, err = c.conn.Write([]byte("bye")); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// scReplaced: the loop puts another connection in the field each round.
func (c *scClient) byeOnNext(idle <-chan *net.TCPConn) error {
	var err error
	for i := 0; i < 3; i++ { // want `remote, connects only`
		c.conn = <-idle
		if _, err = c.conn.Write([]byte("bye")); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// scDatagram: a failed datagram write says nothing of the next one.
func scDatagram(conn *net.UDPConn) error {
	var err error
	for i := 0; i < 3; i++ { // want `remote, connects only`
		if _, err = conn.Write([]byte("bye")); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// scAsk: the round writes and reads the answer through a reader over the
// connection: a request again, not a write again.
func scAsk(conn net.Conn, br *bufio.Reader) (string, error) {
	var err error
	for i := 0; i < 3; i++ { // want `remote`
		if _, err = conn.Write([]byte("ask")); err == nil {
			var line string
			if line, err = br.ReadString('\n'); err == nil {
				return line, nil
			}
		}
		time.Sleep(time.Second)
	}
	return "", err
}
