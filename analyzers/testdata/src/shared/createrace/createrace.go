// Package createrace is a shared fixture: the rules it names judge the
// same code, and each line says which of them report it (analyzers'
// TestSharedFixtures).
//
// rules: fixedsleep unboundedretry retryall
package createrace

import (
	"context"
	"errors"
)

// An upsert that updates, creates when the record is not found, and goes
// round only when the create answers that the record already exists: another
// writer created it between the two calls, and the next round's update finds
// it. Like a conflict of a conditional write, the answer is news of another
// writer; going round at once is the pattern, and contention bounds it.
// Creating again on every error, or on "already exists" without trying the
// update first, is a retry.

var (
	errNotFound      = errors.New("not found")
	errAlreadyExists = errors.New("already exists")
)

type record struct{ Name, Target string }

type store interface {
	Update(ctx context.Context, r record) (record, error)
	Create(ctx context.Context, r record) (record, error)
}

// Quiet: only "already exists" after a create goes round to the update.
func upsert(ctx context.Context, s store, r record) error {
	for {
		if _, err := s.Update(ctx, r); err != nil {
			if !errors.Is(err, errNotFound) {
				return err
			}
			if _, err := s.Create(ctx, r); err != nil {
				if !errors.Is(err, errAlreadyExists) {
					return err
				}
				continue
			}
		}
		return nil
	}
}

// Look-alike: every error of the create goes round.
func upsertAny(ctx context.Context, s store, r record) error {
	for { // reports: fixedsleep unboundedretry retryall
		if _, err := s.Update(ctx, r); err != nil {
			if !errors.Is(err, errNotFound) {
				return err
			}
			if _, err := s.Create(ctx, r); err != nil {
				continue
			}
		}
		return nil
	}
}

// Look-alike: "already exists" goes round to the same create, which answers
// it again for as long as the record is there.
// The attempt, out of the package, is handed the caller's ctx and fails
// with its error once ctx ends, which leaves: that is the loop's deadline,
// so unboundedretry is quiet (retryscope loop_ctxends.go).
func createAgain(ctx context.Context, s store, r record) error {
	for { // reports: fixedsleep
		_, err := s.Create(ctx, r)
		if err == nil {
			return nil
		}
		if !errors.Is(err, errAlreadyExists) {
			return err
		}
	}
}

func checked(r record) (record, error) { return r, nil }

// Look-alike: the call before the create only checks the record; the create
// is still the round's only call on the store.
// The attempt, out of the package, is handed the caller's ctx and fails
// with its error once ctx ends, which leaves: that is the loop's deadline,
// so unboundedretry is quiet (retryscope loop_ctxends.go).
func createChecked(ctx context.Context, s store, r record) error {
	for { // reports: fixedsleep
		c, err := checked(r)
		if err != nil {
			return err
		}
		if _, err := s.Create(ctx, c); err != nil {
			if errors.Is(err, errAlreadyExists) {
				continue
			}
			return err
		}
		return nil
	}
}
