package sleepnoctx

import (
	"context"
	"errors"
	"log"
	"time"
)

// An uncancellable wait is reported when a cancellation can go unnoticed for
// 10 s or more, or for a time the code does not bound. With a check of the
// context (or a stop channel) before each wait, that time is one wait; without
// one, it is every wait of every attempt.

const (
	removeAttempts = 5
	removeDelay    = 250 * time.Millisecond
)

// GOOD: 3 × 1 s, 3 s at most in all.
func shortNoCheck(ctx context.Context) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = send(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// GOOD: 5 × 250 ms, checked against ctx at the top of each attempt.
func shortChecked(ctx context.Context) error {
	n := 0
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		err := send(ctx)
		if err == nil {
			return nil
		}
		n++
		if n == removeAttempts {
			return err
		}
		time.Sleep(removeDelay)
	}
}

// GOOD: no attempt limit, but ctx is checked every round: a cancellation
// waits out one second at most.
func checkedEveryRound(ctx context.Context) error {
	for {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if err := send(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
}

// GOOD: the loop's condition checks ctx.
func checkedInCondition(ctx context.Context) error {
	err := errTemp
	for ctx.Err() == nil {
		if err = send(ctx); err == nil {
			return nil
		}
		time.Sleep(2 * time.Second)
	}
	return err
}

// GOOD: a close channel polled every round; the delay a local set once.
func checkedStop(stop <-chan struct{}) {
	delay := time.Second
	for {
		select {
		case <-stop:
			return
		default:
		}
		if err := send(context.Background()); err == nil {
			return
		}
		time.Sleep(delay)
	}
}

// GOOD: a growing wait capped at 2 s, three times: 6 s at most.
func cappedGrowth(ctx context.Context) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = send(ctx); err == nil {
			return nil
		}
		time.Sleep(min(time.Duration(1<<i)*time.Second, 2*time.Second))
	}
	return err
}

// BAD: no attempt limit and no check: once ctx is cancelled the loop goes on
// forever, one attempt a second.
func foreverNoCheck(ctx context.Context) error {
	for { // want `time.Sleep between retry attempts ignores cancellation`
		if err := send(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
}

// BAD: 5 × 3 s with no check, 15 s in all.
func fiveTimesThree(ctx context.Context) error {
	var err error
	for i := 0; i < 5; i++ { // want `time.Sleep between retry attempts ignores cancellation`
		if err = send(ctx); err == nil {
			return nil
		}
		time.Sleep(3 * time.Second)
	}
	return err
}

// GOOD: a range over a constant counts round by round like a three-clause
// for: 2 s after each of the first four tries, 8 s in all.
func rangeGuardedLast(ctx context.Context) error {
	var err error
	for i := range 5 {
		if err = send(ctx); err == nil {
			return nil
		}
		if i < 4 {
			time.Sleep(2 * time.Second)
		}
	}
	return err
}

// BAD: the same over seven tries, 12 s in all.
func rangeGuardedSeven(ctx context.Context) error {
	var err error
	for i := range 7 { // want `time.Sleep between retry attempts ignores cancellation`
		if err = send(ctx); err == nil {
			return nil
		}
		if i < 6 {
			time.Sleep(2 * time.Second)
		}
	}
	return err
}

type poller struct{ delay time.Duration }

func newPoller(d time.Duration) *poller { return &poller{delay: d} }

// BAD: the wait is a field set from the caller's value, of a size the code
// does not show, even with a check every round.
func (p *poller) fieldDelay(ctx context.Context) error {
	for { // want `time.Sleep between retry attempts ignores cancellation`
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := send(ctx); err == nil {
			return nil
		}
		time.Sleep(p.delay)
	}
}

// BAD: one wait of 30 s is long even with a check before it.
func longOneWait(ctx context.Context) error {
	for { // want `time.Sleep between retry attempts ignores cancellation`
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if err := send(ctx); err == nil {
			return nil
		}
		time.Sleep(30 * time.Second)
	}
}

// BAD: the wait doubles each time, with no cap.
func doubling(ctx context.Context) error {
	var err error
	d := time.Second
	for i := 0; i < 8; i++ { // want `time.Sleep between retry attempts ignores cancellation`
		if err = send(ctx); err == nil {
			return nil
		}
		time.Sleep(d)
		d *= 2
	}
	return err
}

// BAD: the check comes after the path that waits, which goes round past it.
func checkSkipped(ctx context.Context) error {
	for { // want `time.Sleep between retry attempts ignores cancellation`
		err := send(ctx)
		if err == nil {
			return nil
		}
		if errors.Is(err, errTemp) {
			time.Sleep(time.Second)
			continue
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
	}
}

// BAD: the check only logs; the loop goes on.
func checkOnlyLogs(ctx context.Context) error {
	for { // want `time.Sleep between retry attempts ignores cancellation`
		if ctx.Err() != nil {
			log.Print("cancelled")
		}
		if err := send(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
}

// BAD: the check's break ends the switch around it, not the loop.
func breakEndsSwitch(ctx context.Context) error {
	for { // want `time.Sleep between retry attempts ignores cancellation`
		err := send(ctx)
		switch {
		case err == nil:
			return nil
		case errors.Is(err, errTemp):
			if ctx.Err() != nil {
				break
			}
			time.Sleep(time.Second)
		default:
			return err
		}
	}
}

// BAD: the wait's address escapes: what it is set to is out of sight.
func setsDelay(d *time.Duration) { *d = time.Minute }

func escapedDelay(ctx context.Context) error {
	d := time.Second
	setsDelay(&d)
	for { // want `time.Sleep between retry attempts ignores cancellation`
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if err := send(ctx); err == nil {
			return nil
		}
		time.Sleep(d)
	}
}

// GOOD: a select on ctx.Done() whose labelled break ends the loop.
func labelledBreak(ctx context.Context) error {
	err := errTemp
retry:
	for {
		select {
		case <-ctx.Done():
			break retry
		default:
		}
		if err = send(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// BAD: the select's plain break ends the select, not the loop.
func selectBreakOnly(ctx context.Context) error {
	for { // want `time.Sleep between retry attempts ignores cancellation`
		select {
		case <-ctx.Done():
			break
		default:
		}
		if err := send(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
}

// A local backup retried a few times: the count and the wait are fields the
// package sets only to constants (unexported: no other package can set them).
type provider struct {
	retries  int
	interval time.Duration
}

func newProvider() *provider { return &provider{retries: 10, interval: 500 * time.Millisecond} }

// GOOD: 11 × 500 ms, 5.5 s at most in all.
func (p *provider) provide() error {
	n := 0
	for {
		err := send(context.Background())
		if err == nil {
			return nil
		}
		time.Sleep(p.interval)
		n++
		if n > p.retries {
			return err
		}
	}
}

type slowProvider struct {
	retries  int
	interval time.Duration
}

func newSlowProvider(d time.Duration) *slowProvider { return &slowProvider{retries: 10, interval: d} }

// BAD: the same loop with the interval its caller chose.
func (p *slowProvider) provide() error {
	n := 0
	for { // want `time.Sleep between retry attempts cannot be cancelled`
		err := send(context.Background())
		if err == nil {
			return nil
		}
		time.Sleep(p.interval)
		n++
		if n > p.retries {
			return err
		}
	}
}

// GOOD: a count held in a local, 3 × 2 s.
func localCount(ctx context.Context) error {
	var err error
	attempts := 3
	for i := 0; i < attempts; i++ {
		if err = send(ctx); err == nil {
			return nil
		}
		time.Sleep(2 * time.Second)
	}
	return err
}

// BAD: the same with 20 attempts, 40 s.
func localCountLong(ctx context.Context) error {
	var err error
	attempts := 20
	for i := 0; i < attempts; i++ { // want `time.Sleep between retry attempts ignores cancellation`
		if err = send(ctx); err == nil {
			return nil
		}
		time.Sleep(2 * time.Second)
	}
	return err
}

// GOOD: a wait read from the loop's counter, summed round by round: under
// attempt < maxTries it waits 1 s + 2 s + 3 s, 6 s in all.
func counterWaitGuarded(ctx context.Context) error {
	const maxTries = 4
	var err error
	for attempt := 1; attempt <= maxTries; attempt++ {
		if err = send(ctx); err == nil {
			return nil
		}
		if attempt < maxTries {
			time.Sleep(time.Duration(attempt) * time.Second)
		}
	}
	return err
}

// BAD: the same loop without the test waits in its last round too: 10 s.
func counterWaitUnguarded(ctx context.Context) error {
	const maxTries = 4
	var err error
	for attempt := 1; attempt <= maxTries; attempt++ { // want `time.Sleep between retry attempts ignores cancellation`
		if err = send(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Duration(attempt) * time.Second)
	}
	return err
}
