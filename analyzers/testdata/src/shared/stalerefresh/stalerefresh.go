// Package stalerefresh is a shared fixture: the rules it names judge the same
// code, and each line says which of them report it (analyzers'
// TestSharedFixtures).
//
// rules: fixedsleep unboundedretry
package stalerefresh

import (
	"context"
	"errors"
)

// An optimistic-concurrency loop goes round only on the error that says the
// state it acted on moved on, and reads that state anew before the next
// round: a refresh on the way back whose failure leaves, or an attempt that
// acquires the state itself before it judges it stale. Each round asks with
// new state, so it must not wait; the context the refresh or the attempt
// takes ends it. Going round on every error, or on the stale error with
// nothing read anew, is a retry.

var (
	errStaleRoutes = errors.New("stale routes")
	errStaleList   = errors.New("stale table list")
	errBusy        = errors.New("busy")
)

type ledger interface {
	Version(ctx context.Context) (int, error)
	Insert(ctx context.Context, rows []string) error
	Tables(ctx context.Context) ([]string, error)
	Query(ctx context.Context, table string) ([]string, error)
	Dropped(ctx context.Context) (map[string]bool, error)
}

type router struct {
	db      ledger
	version int
}

func (r *router) refresh(ctx context.Context) error {
	v, err := r.db.Version(ctx)
	if err != nil {
		return err
	}
	r.version = v
	return nil
}

func (r *router) insert(ctx context.Context, rows []string) error {
	v, err := r.db.Version(ctx)
	if err != nil {
		return err
	}
	if v != r.version {
		return errStaleRoutes
	}
	return r.db.Insert(ctx, rows)
}

// The refresh on the way back reads the version the next insert compares.
func (r *router) store(ctx context.Context, rows []string) error {
	for {
		err := r.insert(ctx, rows)
		if !errors.Is(err, errStaleRoutes) {
			return err
		}
		if err := r.refresh(ctx); err != nil {
			return err
		}
	}
}

type reader struct{ db ledger }

// read acquires the table list itself and says so when a table it read was
// dropped meanwhile.
func (q *reader) read(ctx context.Context) ([]string, error) {
	tables, err := q.db.Tables(ctx)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, t := range tables {
		rows, err := q.db.Query(ctx, t)
		if err != nil {
			return nil, err
		}
		out = append(out, rows...)
	}
	dropped, err := q.db.Dropped(ctx)
	if err != nil {
		return nil, err
	}
	for _, t := range tables {
		if dropped[t] {
			return nil, errStaleList
		}
	}
	return out, nil
}

// Each round's attempt acquires the list anew.
func (q *reader) readAll(ctx context.Context) ([]string, error) {
	for {
		rows, err := q.read(ctx)
		if err != nil {
			if errors.Is(err, errStaleList) {
				continue
			}
			return nil, err
		}
		return rows, nil
	}
}

// ---- look-alikes: retries ----

// Every failure goes round, with nothing read anew: a hot retry.
func (r *router) storeAny(ctx context.Context, rows []string) error {
	for { // reports: fixedsleep unboundedretry
		if err := r.db.Insert(ctx, rows); err != nil {
			continue
		}
		return nil
	}
}

// The stale error goes round, but the cached version is never read anew.
func (r *router) storeNoRefresh(ctx context.Context, rows []string) error {
	for { // reports: fixedsleep unboundedretry
		err := r.insert(ctx, rows)
		if !errors.Is(err, errStaleRoutes) {
			return err
		}
	}
}

// A call on the way back that reads nothing the attempt uses.
func (r *router) storeUnrelated(ctx context.Context, q *reader, rows []string) error {
	for { // reports: fixedsleep unboundedretry
		err := r.insert(ctx, rows)
		if !errors.Is(err, errStaleRoutes) {
			return err
		}
		if _, err := q.db.Tables(ctx); err != nil {
			return err
		}
	}
}

// A refresh, but the loop goes round on another error too.
func (r *router) storeBusy(ctx context.Context, rows []string) error {
	for { // reports: fixedsleep unboundedretry
		err := r.insert(ctx, rows)
		if errors.Is(err, errBusy) {
			continue
		}
		if !errors.Is(err, errStaleRoutes) {
			return err
		}
		if err := r.refresh(ctx); err != nil {
			return err
		}
	}
}

type cache struct {
	db     ledger
	tables []string
}

// get judges the cached list stale and returns: nothing is read anew.
func (c *cache) get(ctx context.Context) ([]string, error) {
	if len(c.tables) == 0 {
		return nil, errStaleList
	}
	return c.db.Query(ctx, c.tables[0])
}

func (c *cache) getAll(ctx context.Context) ([]string, error) {
	for { // reports: fixedsleep unboundedretry
		rows, err := c.get(ctx)
		if errors.Is(err, errStaleList) {
			continue
		}
		return rows, err
	}
}

// ---- no context: the wait is right, the bound is missing ----

type plainLedger interface {
	Version() (int, error)
	Insert(rows []string) error
}

type plainRouter struct {
	db      plainLedger
	version int
}

func (r *plainRouter) refresh() error {
	v, err := r.db.Version()
	if err != nil {
		return err
	}
	r.version = v
	return nil
}

func (r *plainRouter) insert(rows []string) error {
	v, err := r.db.Version()
	if err != nil {
		return err
	}
	if v != r.version {
		return errStaleRoutes
	}
	return r.db.Insert(rows)
}

// Nothing can cancel the refresh or the insert: no wait is wanted, but only
// the other writers' pace ends the loop.
func (r *plainRouter) store(rows []string) error {
	for { // reports: unboundedretry
		err := r.insert(rows)
		if !errors.Is(err, errStaleRoutes) {
			return err
		}
		if err := r.refresh(); err != nil {
			return err
		}
	}
}
