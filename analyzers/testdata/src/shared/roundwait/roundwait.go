// Package roundwait is a shared fixture: waits sized by a pure function of
// the round (the loop counter) are summed round by round, so a few short
// tries stay quiet and the rest is reported as before (analyzers'
// TestSharedFixtures).
//
// rules: retryall sleepnoctx
package roundwait

import (
	"context"
	"database/sql"
	"errors"
	"math"
	"time"

	"shared/roundwait/pace"
)

type registrar struct{ db *sql.DB }

// register's answer is the database's verdict: it may refuse for good or be
// overloaded.
func (r *registrar) register(ctx context.Context) error {
	_, err := r.db.ExecContext(ctx, "INSERT INTO nodes (id) VALUES (1)")
	return err
}

// stepUp waits 0.1 s times the square of its round, capped at 20 s.
func stepUp(n int) time.Duration {
	d := time.Duration(math.Pow(float64(n), 2))
	d *= 100 * time.Millisecond
	if d > 20*time.Second {
		return 20 * time.Second
	}
	return d
}

// Three tries waiting 0.1 s, 0.4 s and 0.9 s: a few short tries.
func (r *registrar) fewTries(ctx context.Context) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = r.register(ctx); err == nil {
			return nil
		}
		time.Sleep(stepUp(i + 1))
	}
	return err
}

// The same with the round function of another package: 0.1 s, 0.6 s, 1.9 s.
func (r *registrar) fewTriesImported(ctx context.Context) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = r.register(ctx); err == nil {
			return nil
		}
		time.Sleep(pace.Grow(i + 1))
	}
	return err
}

// Eight rounds of the same function wait over 20 s in all.
func (r *registrar) manyTries(ctx context.Context) error {
	var err error
	for i := 0; i < 20; i++ { // reports: retryall sleepnoctx
		if err = r.register(ctx); err == nil {
			return nil
		}
		time.Sleep(pace.Grow(i + 1))
	}
	return err
}

var jitterScale = 1.0

// scaled reads a package variable: its value is not the round's alone.
func scaled(n int) time.Duration {
	return time.Duration(float64(n)*jitterScale) * time.Second
}

func (r *registrar) globalRead(ctx context.Context) error {
	var err error
	for i := 0; i < 3; i++ { // reports: retryall sleepnoctx
		if err = r.register(ctx); err == nil {
			return nil
		}
		time.Sleep(scaled(i + 1))
	}
	return err
}

func (r *registrar) importedGlobalRead(ctx context.Context) error {
	var err error
	for i := 0; i < 3; i++ { // reports: retryall sleepnoctx
		if err = r.register(ctx); err == nil {
			return nil
		}
		time.Sleep(pace.Scaled(i + 1))
	}
	return err
}

var errFlaky = errors.New("flaky")

func measure() int { return 1 }

// unknownCall calls a function the reading does not compute.
func unknownCall(n int) time.Duration {
	return time.Duration(n*measure()) * time.Second
}

func (r *registrar) unknownCallWait(ctx context.Context) error {
	var err error
	for i := 0; i < 3; i++ { // reports: retryall sleepnoctx
		if err = r.register(ctx); err == nil {
			return nil
		}
		time.Sleep(unknownCall(i + 1))
	}
	return errors.Join(err, errFlaky)
}
