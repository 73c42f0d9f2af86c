// Package stickyconn is a shared fixture: the rules it names judge the same
// code, and each line says which of them report it (analyzers'
// TestSharedFixtures).
//
// rules: fixedsleep retryall unboundedretry
package stickyconn

import (
	"bytes"
	"crypto/tls"
	"errors"
	"io"
	"log"
	"net"
	"net/http"
	"sync"
	"time"

	"example.com/framedconn"
	"example.com/msgtunnel"
)

// A write that failed on a stream connection leaves the connection broken:
// writing the same message again on the connection the loop already holds
// sends nothing to the other system and cannot succeed. Such a loop loads
// no dependency. One that gets another connection each round, or also calls
// the other system some other way, is a retry against it.

var closeMsg = []byte("close")

// Quiet: the close message written again on the same message connection.
func sayGoodbye(conn *framedconn.Conn) error {
	var err error
	for i := 0; i < 8; i++ {
		if err = conn.WriteMessage(1, closeMsg); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Quiet: deadline and write on a net.Conn, forever.
func flushForever(conn net.Conn, msg []byte) {
	for {
		conn.SetWriteDeadline(time.Now().Add(time.Second))
		if _, err := conn.Write(msg); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

// Quiet: a TLS connection keeps its write error too.
func writeTLS(conn *tls.Conn, msg []byte) {
	for {
		if _, err := conn.Write(msg); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

// frameWriter is this package's abstraction over a message connection; its
// one implementation writes on the connection it was made with.
type frameWriter interface {
	WriteFrame(b []byte) error
}

type guardedWriter struct {
	mu   sync.Mutex
	conn *framedconn.Conn
}

func (w *guardedWriter) WriteFrame(b []byte) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.conn.WriteMessage(2, b)
}

func newFrameWriter(conn *framedconn.Conn) frameWriter { return &guardedWriter{conn: conn} }

// Quiet: the write goes through the package's interface to the connection.
func closeThrough(w frameWriter) {
	for i := 0; i < 8; i++ {
		if err := w.WriteFrame(closeMsg); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

// session writes through another package's interface, whose one
// implementation there writes on a message connection.
type session struct {
	tunnel msgtunnel.Tunnel
}

func newSession(conn *framedconn.Conn) *session { return &session{tunnel: msgtunnel.New(conn)} }

func (s *session) send(msg []byte) error { return s.tunnel.Send(msg) }

// Quiet: a teardown that writes the close message again on the session's
// tunnel.
func (s *session) serve(done <-chan struct{}) {
	defer func() {
		for i := 0; i < 8; i++ {
			err := s.send(closeMsg)
			if err == nil {
				break
			}
			log.Printf("close: %v", err)
			time.Sleep(time.Second)
		}
	}()
	<-done
}

// Reported: each attempt dials a new connection and writes on it.
func dialAndSay(addr string, msg []byte) error {
	var err error
	for i := 0; i < 20; i++ { // reports: fixedsleep
		var conn *framedconn.Conn
		if conn, err = framedconn.Dial(addr); err == nil {
			if err = conn.WriteMessage(1, msg); err == nil {
				return conn.Close()
			}
			conn.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// Reported: each round takes another connection from the pool.
func sayOnAny(idle <-chan *framedconn.Conn, msg []byte) error {
	var err error
	for i := 0; i < 20; i++ { // reports: fixedsleep retryall
		conn := <-idle
		if err = conn.WriteMessage(1, msg); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Reported: the write goes to an HTTP server, which answers each attempt.
func postClose(client *http.Client, url string) error {
	var err error
	for i := 0; i < 20; i++ { // reports: fixedsleep retryall
		var resp *http.Response
		if resp, err = client.Post(url, "text/plain", bytes.NewReader(closeMsg)); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
			err = errors.New(resp.Status)
		}
		time.Sleep(time.Second)
	}
	return err
}

// Reported: the attempt writes on the connection and also asks a server.
func sayAndNotify(conn *framedconn.Conn, client *http.Client, url string) error {
	var err error
	for i := 0; i < 20; i++ { // reports: fixedsleep retryall
		if err = conn.WriteMessage(1, closeMsg); err == nil {
			var resp *http.Response
			if resp, err = client.Get(url); err == nil {
				resp.Body.Close()
				if resp.StatusCode == http.StatusOK {
					return nil
				}
				err = errors.New(resp.Status)
			}
		}
		time.Sleep(time.Second)
	}
	return err
}

// Reported: a writer's type proves no connection.
func writeAny(w io.Writer, msg []byte) error {
	var err error
	for i := 0; i < 20; i++ { // reports: fixedsleep retryall
		if _, err = w.Write(msg); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Reported: a failed datagram write says nothing of the next one.
func sendDatagram(conn *net.UDPConn, msg []byte) {
	for { // reports: fixedsleep unboundedretry
		if _, err := conn.Write(msg); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}
