// Package itemloops is a shared fixture: the rules it names judge the same
// code, and each line says which of them report it (analyzers'
// TestSharedFixtures).
//
// rules: fixedsleep retryall unboundedretry retrystate
package itemloops

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"log"
	"net"
)

// A loop over items whose processing reads values derived from the item: the
// peer's identity is worked out from the connection (by its network), then
// handed to a tracker out of sight. Each failure closes the connection and
// takes the next one: no retry.

type peerInfo struct{ pid int }

type peerTracker interface {
	Watch(p peerInfo) (func(), error)
}

// connSource hands out connections; of another package's making, out of sight.
type connSource interface {
	Accept() (net.Conn, error)
	Close() error
}

type trackedListener struct {
	l       connSource
	tracker peerTracker
}

var errUnknownTransport = errors.New("unknown transport")

func peerFromUnix(c net.Conn) (peerInfo, error) {
	if _, ok := c.(*net.UnixConn); !ok {
		return peerInfo{}, errUnknownTransport
	}
	return peerInfo{pid: 1}, nil
}

func peerFromPipe(c net.Conn) (peerInfo, error) { return peerInfo{}, errUnknownTransport }

type trackedConn struct {
	net.Conn
	stop func()
}

func (t *trackedListener) Accept() (net.Conn, error) {
	for {
		var peer peerInfo
		var err error
		conn, err := t.l.Accept()
		if err != nil {
			return conn, err
		}
		switch conn.RemoteAddr().Network() {
		case "unix":
			peer, err = peerFromUnix(conn)
		case "pipe":
			peer, err = peerFromPipe(conn)
		default:
			err = errUnknownTransport
		}
		if err != nil {
			log.Printf("dropping connection: %v", err)
			conn.Close()
			continue
		}
		stop, err := t.tracker.Watch(peer)
		if err != nil {
			log.Printf("dropping connection: %v", err)
			conn.Close()
			continue
		}
		return &trackedConn{Conn: conn, stop: stop}, nil
	}
}

// ---- look-alike: the read's own error goes round ----

func (t *trackedListener) acceptRetryingItsError() (net.Conn, error) {
	for { // reports: fixedsleep retryall unboundedretry
		conn, err := t.l.Accept()
		if err != nil {
			continue
		}
		peer, err := peerFromUnix(conn)
		if err != nil {
			conn.Close()
			continue
		}
		stop, err := t.tracker.Watch(peer)
		if err != nil {
			conn.Close()
			continue
		}
		return &trackedConn{Conn: conn, stop: stop}, nil
	}
}

// A read that goes round only on bufio.ErrBufferFull reads on: that error
// hands out a full buffer's worth of the line and says the rest follows. The
// chunks gathered across the rounds are the line, not a failed attempt's
// leftovers.

type chunkedSource struct {
	br *bufio.Reader
}

func (s *chunkedSource) readUntil(delim byte) ([]byte, error) {
	var chunks [][]byte
	var frag []byte
	var err error
	for {
		if len(frag) > 0 {
			kept := make([]byte, len(frag))
			copy(kept, frag)
			chunks = append(chunks, kept)
		}
		frag, err = s.br.ReadSlice(delim)
		if err != bufio.ErrBufferFull {
			break
		}
	}
	if len(chunks) == 0 {
		return frag, err
	}
	return bytes.Join(append(chunks, frag), nil), err
}

func readLongLine(r *bufio.Reader) ([]byte, error) {
	var parts [][]byte
	for {
		chunk, err := r.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) {
			kept := make([]byte, len(chunk))
			copy(kept, chunk)
			parts = append(parts, kept)
			continue
		}
		if len(parts) == 0 {
			return chunk, err
		}
		return bytes.Join(append(parts, chunk), nil), err
	}
}

// The same read told apart in three steps: a whole piece leaves, any error
// but a full buffer leaves with the error kept, and a full buffer's worth is
// kept before reading on.

// sliceReader may read from anywhere: a connection as well as a file.
type sliceReader interface {
	ReadSlice(delim byte) ([]byte, error)
}

func gatherPieces(r sliceReader, delim byte) (pieces [][]byte, last []byte, err error) {
	var frag []byte
	for {
		var e error
		frag, e = r.ReadSlice(delim)
		if e == nil {
			break
		}
		if e != bufio.ErrBufferFull {
			err = e
			break
		}
		pieces = append(pieces, bytes.Clone(frag))
	}
	return pieces, frag, err
}

// ---- look-alike: every failure goes round ----

func (s *chunkedSource) readUntilAnyError(delim byte) []byte {
	var chunks [][]byte
	var frag []byte
	var err error
	for {
		if len(frag) > 0 {
			kept := make([]byte, len(frag))
			copy(kept, frag)
			chunks = append(chunks, kept) // reports: retrystate
		}
		frag, err = s.br.ReadSlice(delim)
		if err != nil {
			continue
		}
		break
	}
	if len(chunks) == 0 {
		return frag
	}
	return bytes.Join(append(chunks, frag), nil)
}

// The same three steps, but every error goes round: a failed read is tried
// again at once, without end.

func gatherPiecesAnyError(r sliceReader, delim byte) (pieces [][]byte, last []byte) {
	var frag []byte
	for { // reports: fixedsleep retryall unboundedretry
		var e error
		frag, e = r.ReadSlice(delim)
		if e == nil {
			break
		}
		pieces = append(pieces, bytes.Clone(frag))
	}
	return pieces, frag
}

// A failover that picks its next method with a cursor moved in an inner
// loop: each round tries a method no earlier round tried, and the loop
// leaves once the list is exhausted. The cursor carried across the rounds is
// the failover's progress, and the offers gathered for the deferred release
// are gathered on purpose, failed ones included.

type offer struct {
	id      string
	methods []string
}

type proofMethod struct{ kind string }

type prover interface {
	Offer(ctx context.Context, name string) (*offer, error)
	Prove(ctx context.Context, m *proofMethod) error
	Release(ids []string)
}

func methodFor(kind string, o *offer) *proofMethod {
	for _, k := range o.methods {
		if k == kind {
			return &proofMethod{kind: k}
		}
	}
	return nil
}

func proveName(ctx context.Context, p prover, name string, kinds []string) error {
	var offered []string
	defer func() { go p.Release(offered) }()
	failed := make(map[string]error)
	next := 0
	for {
		o, err := p.Offer(ctx, name)
		if err != nil {
			return err
		}
		offered = append(offered, o.id)
		var m *proofMethod
		for m == nil && next < len(kinds) {
			m = methodFor(kinds[next], o)
			next++
		}
		if m == nil {
			return fmt.Errorf("no proof method left for %s: %v", name, failed)
		}
		if err := p.Prove(ctx, m); err != nil {
			failed[m.kind] = err
			continue
		}
		return nil
	}
}

// ---- look-alike: the cursor starts again each round ----

func proveNameFromStart(ctx context.Context, p prover, name string, kinds []string) error {
	var offered []string
	defer func() { go p.Release(offered) }()
	for { // reports: fixedsleep retryall unboundedretry
		o, err := p.Offer(ctx, name)
		if err != nil {
			return err
		}
		offered = append(offered, o.id) // reports: retrystate
		next := 0
		var m *proofMethod
		for m == nil && next < len(kinds) {
			m = methodFor(kinds[next], o)
			next++
		}
		if m == nil {
			return fmt.Errorf("no proof method for %s", name)
		}
		if err := p.Prove(ctx, m); err != nil {
			continue
		}
		return nil
	}
}
