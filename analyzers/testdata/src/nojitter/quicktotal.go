package nojitter

import (
	"context"
	"errors"
	"time"
)

// A growing wait whose total over a constant attempt limit stays under 5 s
// is a few quick tries. The total is read through a local that names the
// wait (retryAfter := ...; time.Sleep(retryAfter)) and through the counter
// of for i := range N.

var errClosed = errors.New("closed")

// GOOD: 3 tries, waits 100 ms, 400 ms (900 ms at most counted): named wait.
func quickNamedWait(ctx context.Context) error {
	const maxRetries = 3
	var err error
	for i := 1; i <= maxRetries; i++ {
		if err = callCtx(ctx); err == nil || !errors.Is(err, errClosed) {
			return err
		}
		if i+1 <= maxRetries {
			retryAfter := time.Duration(100*i*i) * time.Millisecond
			time.Sleep(retryAfter)
		}
	}
	return err
}

// GOOD: 3 tries over range 3, waits 100 ms then 200 ms.
func quickRangeCounter(ctx context.Context) error {
	var err error
	for attempt := range 3 {
		if attempt > 0 {
			time.Sleep(time.Duration(100*attempt) * time.Millisecond)
		}
		if err = callCtx(ctx); err == nil {
			return nil
		}
	}
	return err
}

// BAD: the named wait grows to 8 × 8 s: far more than a few quick tries.
func longNamedWait(ctx context.Context) error {
	var err error
	for i := 1; i <= 8; i++ { // want `retry backoff retryAfter grows but has no jitter`
		if err = callCtx(ctx); err == nil {
			return nil
		}
		retryAfter := time.Duration(i*i) * time.Second
		time.Sleep(retryAfter)
	}
	return err
}

// BAD: range 8 with a wait of 2^attempt seconds.
func longRangeCounter(ctx context.Context) error {
	var err error
	for attempt := range 8 { // want `retry backoff time.Second << attempt grows but has no jitter`
		if err = callCtx(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second << attempt)
	}
	return err
}

// BAD: the named wait is assigned again in the round: its first value says
// nothing about the wait.
func reassignedWait(ctx context.Context, extra time.Duration) error {
	var err error
	for i := 1; i <= 3; i++ { // want `retry backoff retryAfter grows but has no jitter`
		if err = callCtx(ctx); err == nil {
			return nil
		}
		retryAfter := time.Duration(100*i*i) * time.Millisecond
		if errors.Is(err, errClosed) {
			retryAfter = extra << i
		}
		time.Sleep(retryAfter)
	}
	return err
}

// BAD: the range counter is changed in the body: the rounds are not 0..N-1.
func rangeCounterMoved(ctx context.Context) error {
	var err error
	for attempt := range 3 { // want `retry backoff time.Second << attempt grows but has no jitter`
		if err = callCtx(ctx); err == nil {
			return nil
		}
		attempt += 3
		time.Sleep(time.Second << attempt)
	}
	return err
}

type stopLogger struct{}

func (*stopLogger) Warnf(string, ...any) {}

// GOOD: the logger comes from a func value (a getter whose result the code
// acts on), not from a pause hook: the 300 ms total stands.
func quickWithLogger(ctx context.Context, logOf func(context.Context) *stopLogger) error {
	var err error
	for attempt := range 3 {
		if attempt > 0 {
			logOf(ctx).Warnf("retrying")
			time.Sleep(time.Duration(100*attempt) * time.Millisecond)
		}
		if err = callCtx(ctx); err == nil {
			return nil
		}
	}
	return err
}

// BAD: a pause hook called for its effect may wait any time: the total is
// unknown, and the growing wait is reported.
func hookedPause(ctx context.Context, pause func(context.Context)) error {
	var err error
	for attempt := range 3 { // want `retry backoff time.Duration\(100 \* attempt\) \* time.Millisecond grows but has no jitter`
		if attempt > 0 {
			pause(ctx)
			time.Sleep(time.Duration(100*attempt) * time.Millisecond)
		}
		if err = callCtx(ctx); err == nil {
			return nil
		}
	}
	return err
}

// stopAndWait is an attempt that waits inside: it stops something and
// waits for it to be gone.
func stopAndWait(ctx context.Context) error {
	if err := callCtx(ctx); err != nil {
		return err
	}
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(time.Minute):
		return nil
	}
}

// GOOD: the attempt's own wait is the attempt, not the pace between
// attempts: 3 tries, 100 ms then 400 ms apart.
func quickWaitingAttempt(ctx context.Context) error {
	var err error
	for i := 1; i <= 3; i++ {
		if err = stopAndWait(ctx); err == nil {
			return nil
		}
		retryAfter := time.Duration(100*i*i) * time.Millisecond
		time.Sleep(retryAfter)
	}
	return err
}

// settle waits for a time the loop does not show.
func settle(d time.Duration) {
	select {
	case <-time.After(d):
	}
}

// BAD: a waiting helper between attempts (not the attempt) is part of the
// pace; its length is a parameter, so the total is unknown.
func waitingHelperBetween(ctx context.Context, d time.Duration) error {
	var err error
	for i := 1; i <= 3; i++ { // want `retry backoff retryAfter grows but has no jitter`
		if err = callCtx(ctx); err == nil {
			return nil
		}
		settle(d)
		retryAfter := time.Duration(100*i*i) * time.Millisecond
		time.Sleep(retryAfter)
	}
	return err
}
