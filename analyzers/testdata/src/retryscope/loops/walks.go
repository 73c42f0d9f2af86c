package loops

import (
	"context"
	"path"
	"path/filepath"
	"strings"
	"sync"
)

// Loops that step an input on from its own value: a walk up a tree, a search,
// a drain. Each round asks about something else, so none is a retry.

type markers struct{}

func (markers) head(ctx context.Context, key string) error { return nil }
func (markers) put(ctx context.Context, key string) error  { return nil }

// Creating the missing markers of every parent directory: dir moves up.
func markParents(ctx context.Context, s markers, dir string) error {
	for { // want `retry loop classified=false bounded=false failover ctx=ctx`
		if err := s.head(ctx, dir+"/"); err == nil {
			return nil
		}
		if err := s.put(ctx, dir+"/"); err != nil {
			return err
		}
		dir = path.Dir(dir)
		if dir == "." || dir == "/" {
			return nil
		}
	}
}

type marker struct{ key string }

func (m *marker) head(ctx context.Context) error { return nil }

// The walked value reaches the attempt through its receiver's field.
func markParentsField(ctx context.Context, dir string) error {
	m := &marker{}
	for { // want `retry loop classified=false bounded=false failover ctx=ctx`
		m.key = dir + "/"
		if err := m.head(ctx); err == nil {
			return nil
		}
		dir = filepath.Dir(dir)
		if dir == "." {
			return nil
		}
	}
}

// Trimming a key's last part on each failure: a search for the longest prefix.
func longestPrefix(ctx context.Context, s markers, key string) error {
	for key != "" { // want `retry loop classified=false bounded=false failover ctx=ctx`
		if err := s.head(ctx, key); err == nil {
			return nil
		}
		key = strings.TrimSuffix(key, "/x")
	}
	return nil
}

// Dropping the last element on each failure: another element each round.
func popDial(addrs []string) error {
	for len(addrs) > 0 { // want `retry loop classified=false bounded=false failover`
		if err := dial(addrs[len(addrs)-1]); err == nil {
			return nil
		}
		addrs = addrs[:len(addrs)-1]
	}
	return nil
}

// dir re-made from itself: the engine cannot tell TrimSpace leaves it as it
// was, so the question is not provably the same (loop_varies.go).
func markSame(ctx context.Context, s markers, dir string) error {
	for i := 0; i < 3; i++ { // want `retry loop classified=false bounded=true max=3 failover ctx=ctx$`
		if err := s.put(ctx, dir+"/"); err == nil {
			return nil
		}
		dir = strings.TrimSpace(dir)
	}
	return nil
}

// Look-alike: the walked variable is only logged; the attempt's key is fixed.
func markLogged(ctx context.Context, s markers, key, dir string) error {
	for i := 0; i < 3; i++ { // want `retry loop classified=false bounded=true max=3 ctx=ctx$`
		if err := s.put(ctx, key); err == nil {
			return nil
		}
		dir = path.Dir(dir)
		_ = dir
	}
	return nil
}

// Emptying the buffer sends another (empty) request from the second round on.
func resendBuf(tok string, buf []byte) error {
	for i := 0; i < 3; i++ { // want `retry loop classified=false bounded=true max=3 failover$`
		if err := send(tok, buf); err == nil {
			return nil
		}
		buf = buf[:0]
	}
	return nil
}

type idleConn struct{}

func (*idleConn) ping() error { return nil }
func (*idleConn) close()      {}

type connPool struct {
	mu   sync.Mutex
	idle []*idleConn
}

// Draining a pool held in a field: each pooled connection is tried once.
func (p *connPool) get() *idleConn {
	p.mu.Lock()
	defer p.mu.Unlock()
	for len(p.idle) > 0 { // want `retry loop classified=false bounded=false failover`
		c := p.idle[0]
		p.idle = p.idle[1:]
		if err := c.ping(); err == nil {
			return c
		}
		c.close()
	}
	return nil
}

// Look-alike: the same connection every round.
func (p *connPool) getFirst() *idleConn {
	for len(p.idle) > 0 { // want `retry loop classified=false bounded=false$`
		if err := p.idle[0].ping(); err == nil {
			return p.idle[0]
		}
	}
	return nil
}

func lookup(ctx context.Context, parts []string) error { return nil }

// A search for the deepest part that exists: the counter shortens the path.
func deepestExisting(ctx context.Context, parts []string) error {
	for i := 0; i <= len(parts); i++ { // want `retry loop classified=false bounded=true failover ctx=ctx`
		if err := lookup(ctx, parts[:len(parts)-i]); err == nil {
			return nil
		}
	}
	return nil
}

// Look-alike: a fixed prefix every round is the same lookup again.
func fixedPrefix(ctx context.Context, parts []string) error {
	for i := 0; i < 3; i++ { // want `retry loop classified=false bounded=true max=3 ctx=ctx$`
		if err := lookup(ctx, parts[:len(parts)-1]); err == nil {
			return nil
		}
	}
	return nil
}
