package fixedsleep

import (
	"context"
	"time"
)

// A loop that leaves when a method of an interface of its package answers a
// bool alone obeys the implementation it is handed: one that sleeps before it
// answers "again" is the loop's wait, so the loop is not claimed to try again
// at once.

type attempts interface{ Attempts() int }

type sleepingPolicy interface{ Attempt(attempts) bool }

type pausedRetries struct {
	n     int
	pause time.Duration
}

func (p *pausedRetries) Attempt(q attempts) bool {
	if q.Attempts() > p.n {
		return false
	}
	time.Sleep(p.pause)
	return true
}

type countedRetries struct{ n int }

func (p *countedRetries) Attempt(q attempts) bool { return q.Attempts() <= p.n }

type query struct{ tries int }

func (q *query) Attempts() int { return q.tries }

func runSleeping(ctx context.Context, p sleepingPolicy) (err error) {
	q := &query{}
	for {
		q.tries++
		if err = callCtx(ctx); err == nil || !p.Attempt(q) {
			return err
		}
	}
}

var _ sleepingPolicy = &countedRetries{}
var _ sleepingPolicy = &pausedRetries{}

// Look-alike: every implementation the package shows only counts.

type countingPolicy interface{ Allow(attempts) bool }

type countOnly struct{ n int }

func (p countOnly) Allow(q attempts) bool { return q.Attempts() <= p.n }

func runCounting(ctx context.Context) (err error) {
	var p countingPolicy = countOnly{n: 20}
	q := &query{}
	for { // want `retry loop tries again at once after a failure`
		q.tries++
		if err = callCtx(ctx); err == nil || !p.Allow(q) {
			return err
		}
	}
}

// The package cannot show every implementation of an exported interface its
// callers implement: the policy handed in may wait.

type RetryPolicy interface{ Retry(attempts) bool }

func RunWithPolicy(ctx context.Context, p RetryPolicy) (err error) {
	q := &query{}
	for {
		q.tries++
		if err = callCtx(ctx); err == nil || !p.Retry(q) {
			return err
		}
	}
}
