package fixedsleep

import (
	"context"
	"errors"
	"time"
)

// notReady is a server's answer that the result is not ready yet, with the
// wait it asks for.
type notReady struct{ after time.Duration }

func (e *notReady) Error() string { return "not ready" }

func fetchReport(ctx context.Context) (string, error) { reach(); return "", nil }

var errPollTimeout = errors.New("poll timed out")

// The pace between polls is the timer the attempt's case resets from the
// server's answer; time.After(limit) is the select's timeout case, which
// leaves the loop: it never separates two attempts.
func pollServerPaced(ctx context.Context, limit time.Duration) (string, error) {
	tm := time.NewTimer(time.Second)
	defer tm.Stop()
	for {
		select {
		case <-tm.C:
			r, err := fetchReport(ctx)
			var nr *notReady
			if errors.As(err, &nr) {
				tm.Reset(nr.after)
				continue
			}
			return r, err
		case <-ctx.Done():
			return "", ctx.Err()
		case <-time.After(limit):
			return "", errPollTimeout
		}
	}
}

// The same timeout case beside a timer reset to a constant: the pace is the
// timer's constant, and only that wait is reported.
func pollConstantPaced(ctx context.Context) (string, error) {
	tm := time.NewTimer(time.Second)
	defer tm.Stop()
	for { // want `waits the same 5 \* time.Second before every attempt \(a timer\)`
		select {
		case <-tm.C:
			r, err := fetchReport(ctx)
			if err != nil {
				tm.Reset(5 * time.Second)
				continue
			}
			return r, nil
		case <-time.After(30 * time.Minute):
			return "", errPollTimeout
		}
	}
}

// A time.After case whose body goes round again is a pace, even beside a
// case that returns.
func afterCaseGoesRound(ctx context.Context) error {
	for { // want `waits the same 2 \* time.Second`
		if err := callCtx(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(2 * time.Second):
			continue
		}
	}
}
