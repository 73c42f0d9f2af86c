// Package walks is a shared fixture: the rules it names judge the same code,
// and each line says which of them report it (analyzers' TestSharedFixtures).
//
// rules: fixedsleep retryall unboundedretry
package walks

import (
	"context"
	"database/sql"
	"net/http"
	"path"
	"sync"
)

// Issue 12 shape 2: a loop that steps its input on from its own value (a
// walk up the parent directories, a search over prefixes, a drain of a pool)
// asks about something else each round. The same input again stays a retry.

var db *sql.DB

// reach asks a database, which can refuse for good: its failures are worth
// classifying, pacing and bounding.
func reach() { db.Exec("UPDATE markers SET seen = true") }

func headMarker(ctx context.Context, c *http.Client, key string) error { reach(); return nil }

// ---- walks: quiet ----

// Each missing parent marker is created, then the parent is checked.
func markParentsWalk(ctx context.Context, c *http.Client, dir string) error {
	for {
		if err := headMarker(ctx, c, dir+"/"); err == nil {
			return nil
		}
		if err := headMarker(ctx, c, dir+"/.keep"); err != nil {
			return err
		}
		dir = path.Dir(dir)
		if dir == "." || dir == "/" {
			return nil
		}
	}
}

// The parent is named first, then taken: the same step up.
func markParentsNamedWalk(ctx context.Context, c *http.Client, dir string) error {
	for {
		if err := headMarker(ctx, c, path.Join(dir, ".keep")); err == nil {
			return nil
		}
		parent := path.Dir(dir)
		if parent == dir {
			return nil
		}
		dir = parent
	}
}

// The deepest existing prefix, one level up each round.
func deepestWalk(ctx context.Context, c *http.Client, parts []string) error {
	for i := 0; i <= len(parts); i++ {
		if err := headMarker(ctx, c, path.Join(parts[:len(parts)-i]...)); err == nil {
			return nil
		}
	}
	return nil
}

type walkConn struct{ c *http.Client }

func (w *walkConn) ping(ctx context.Context) error { return headMarker(ctx, w.c, "ping") }

type walkPool struct {
	mu   sync.Mutex
	idle []*walkConn
}

// The pool is drained: each idle connection is tried once and dropped.
func (p *walkPool) getWalk(ctx context.Context) *walkConn {
	p.mu.Lock()
	defer p.mu.Unlock()
	for len(p.idle) > 0 {
		w := p.idle[0]
		p.idle = p.idle[1:]
		if err := w.ping(ctx); err == nil {
			return w
		}
	}
	return nil
}

// ---- the same input again: still retries ----

// dir stepped nowhere, but re-made from itself: not provably the same
// marker (loop_varies.go), quiet.
func markSameRetry(ctx context.Context, c *http.Client, dir string) error {
	for {
		if err := headMarker(ctx, c, dir+"/"); err == nil {
			return nil
		}
		dir = dir + ""
	}
}

// The parent named is not what the attempt asks about: the same marker again.
func markOtherNamedRetry(ctx context.Context, c *http.Client, dir string) error {
	seen := dir
	for { // reports: fixedsleep retryall unboundedretry
		if err := headMarker(ctx, c, path.Join(dir, ".keep")); err == nil {
			return nil
		}
		parent := path.Dir(seen)
		seen = parent
	}
}

// The name holds the parent once, then the input itself: no step.
func markRenamedRetry(ctx context.Context, c *http.Client, dir string) error {
	for { // reports: fixedsleep retryall unboundedretry
		if err := headMarker(ctx, c, path.Join(dir, ".keep")); err == nil {
			return nil
		}
		parent := path.Dir(dir)
		parent = dir
		dir = parent
	}
}

// The first idle connection pinged again and again.
func (p *walkPool) getSameRetry(ctx context.Context) *walkConn {
	for len(p.idle) > 0 { // reports: fixedsleep retryall unboundedretry
		if err := p.idle[0].ping(ctx); err == nil {
			return p.idle[0]
		}
	}
	return nil
}
