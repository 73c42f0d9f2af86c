// Package resumesearch is a shared fixture: the rules it names judge the
// same code, and each line says which of them report it (analyzers'
// TestSharedFixtures).
//
// rules: retryall unboundedretry
package resumesearch

import (
	"context"
	"database/sql"
)

// Issue 12 shape 2, a resumable search: a loop that starts each round by
// asking a function for the next match after a position, and keeps the
// position it hands back for the next round, sends to another match each
// round until the list runs out. The same position handed in every round, a
// function that only counts the rounds, or one that hands back the position
// it was given, asks the same question again.

var db *sql.DB

type route struct {
	server string
	strict bool
}

type table struct {
	routes   []route
	fallback route
}

// send asks a database, which can refuse for good: its failures are worth
// classifying and bounding. accept, when not nil, may refuse the answer.
func send(ctx context.Context, r route, accept func(string) bool) error {
	var name string
	err := db.QueryRowContext(ctx, "SELECT name FROM "+r.server).Scan(&name)
	if err == nil && accept != nil && !accept(name) {
		return sql.ErrNoRows
	}
	return err
}

// acceptOf is the strict route's check of an answer; nil for the others.
func acceptOf(r *route) func(string) bool {
	if r == nil || !r.strict {
		return nil
	}
	return func(name string) bool { return name != "" }
}

// nextMatch resumes after pos, and hands back -1 once the routes run out.
func (t *table) nextMatch(ctx context.Context, pos int, strictOnly bool) (route, *route, int) {
	at := 0
	if pos != -1 {
		at = pos + 1
	}
	for ; at < len(t.routes); at++ {
		r := t.routes[at]
		if strictOnly && !r.strict {
			continue
		}
		return r, &t.routes[at], at
	}
	return t.fallback, nil, -1
}

// following hands back the next position directly.
func (t *table) following(pos int) (route, int) {
	if pos >= len(t.routes) {
		return t.fallback, pos + 1
	}
	return t.routes[pos], pos + 1
}

// stamp counts the rounds; it indexes no list.
func (t *table) stamp(n int) (route, int) {
	return t.fallback, n + 1
}

// lookup reads the route at pos, and hands pos back as it was.
func (t *table) lookup(pos int) (route, int) {
	r := t.routes[pos]
	return r, pos
}

// ---- the next match each round: quiet ----

// Only a refused answer goes on to the next strict route; the last one, with
// no check, ends the loop.
func (t *table) resolve(ctx context.Context) error {
	var (
		r      route
		picked *route
		pos    int
	)
	pos = -1
	for {
		r, picked, pos = t.nextMatch(ctx, pos, true)
		accept := acceptOf(picked)
		err := send(ctx, r, accept)
		if accept == nil || err == nil {
			return err
		}
	}
}

// The position steps as the function hands it back.
func (t *table) resolveFollowing(ctx context.Context) error {
	var (
		r   route
		pos int
	)
	for {
		r, pos = t.following(pos)
		if err := send(ctx, r, nil); err == nil || pos >= len(t.routes) {
			return err
		}
	}
}

// ---- the same question again: still retries ----

// The position is handed in, never handed back.
func (t *table) resolveSameRetry(ctx context.Context) error {
	pos := -1
	for { // reports: retryall unboundedretry
		r, _, _ := t.nextMatch(ctx, pos, true)
		if err := send(ctx, r, nil); err == nil {
			return nil
		}
	}
}

// A count of the rounds threaded through a function: the route comes from a
// value the loop steps on, so it is not provably the same route (loop_varies.go).
func (t *table) resolveCountedRetry(ctx context.Context) error {
	var (
		r route
		n int
	)
	for {
		r, n = t.stamp(n)
		if err := send(ctx, r, nil); err == nil {
			return nil
		}
	}
}

// The position comes back as it went in, but only the helper's body says
// so: the route is not provably the same either (loop_varies.go).
func (t *table) resolveStuckRetry(ctx context.Context) error {
	var (
		r   route
		pos int
	)
	for {
		r, pos = t.lookup(pos)
		if err := send(ctx, r, nil); err == nil {
			return nil
		}
	}
}
