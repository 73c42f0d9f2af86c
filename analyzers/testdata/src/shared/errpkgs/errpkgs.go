// Package errpkgs is a shared fixture: the rules it names judge the same
// code, and each line says which of them report it (analyzers'
// TestSharedFixtures).
//
// rules: fixedsleep unboundedretry retryall
package errpkgs

import (
	"context"
	"database/sql"
	"time"

	"github.com/pkg/errors"
)

// Code that imports a drop-in errors package in place of the standard
// library's classifies errors with its Is and As just as well: they walk the
// same chain. A loop that goes round only on a version conflict read with
// that Is, re-reading the row first, is optimistic concurrency; a loop that
// never asks is a retry.

var (
	errVersionConflict = errors.New("version conflict")
	errNotFound        = errors.New("not found")
)

type row struct {
	id, version int64
}

type rows struct{ db *sql.DB }

func (s *rows) update(ctx context.Context, r *row) error {
	res, err := s.db.ExecContext(ctx, "UPDATE t SET version = version + 1 WHERE id = ? AND version = ?", r.id, r.version)
	if err != nil {
		return errors.Wrap(err, "update")
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return errVersionConflict
	}
	return nil
}

func (s *rows) find(ctx context.Context, id int64) (*row, error) {
	r := &row{}
	err := s.db.QueryRowContext(ctx, "SELECT id, version FROM t WHERE id = ?", id).Scan(&r.id, &r.version)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errNotFound
	}
	return r, err
}

// Goes round only on the conflict, after reading the row anew.
func (s *rows) updateOptimistic(ctx context.Context, r *row, mutate func(*row)) (*row, error) {
	for {
		dup := *r
		mutate(&dup)
		err := s.update(ctx, &dup)
		if err == nil {
			return &dup, nil
		}
		if !errors.Is(err, errVersionConflict) {
			return nil, err
		}
		r, err = s.find(ctx, r.id)
		if err != nil {
			return nil, err
		}
	}
}

// Goes round on every failure, with nothing read anew.
func (s *rows) updateAny(ctx context.Context, r *row) error {
	for { // reports: fixedsleep unboundedretry retryall
		if err := s.update(ctx, r); err != nil {
			continue
		}
		return nil
	}
}

// Classified with the drop-in Is: the missing row is permanent.
func (s *rows) findPatiently(ctx context.Context, id int64) (*row, error) {
	var err error
	for attempt := 0; attempt < 8; attempt++ {
		var r *row
		r, err = s.find(ctx, id)
		if err == nil {
			return r, nil
		}
		if errors.Is(err, errNotFound) {
			return nil, err
		}
		time.Sleep(time.Duration(attempt+1) * 200 * time.Millisecond)
	}
	return nil, err
}

// Not classified at all.
func (s *rows) findStubbornly(ctx context.Context, id int64) (*row, error) {
	var err error
	for attempt := 0; attempt < 20; attempt++ { // reports: retryall
		var r *row
		r, err = s.find(ctx, id)
		if err == nil {
			return r, nil
		}
		time.Sleep(time.Duration(attempt+1) * 200 * time.Millisecond)
	}
	return nil, err
}
