package sleepnoctx

import (
	"context"
	"time"
)

// The total an uncancellable wait can hold off a cancellation is read
// through a local that names the wait, through the counter of for i :=
// range N, past a logger fetched through a func value, and without the
// attempt's own wait (time spent in the attempt is not a pause).

type qtLogger struct{}

func (*qtLogger) Warnf(string, ...any) {}

func qtStop(ctx context.Context) error {
	if err := send(ctx); err != nil {
		return err
	}
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(time.Minute):
		return nil
	}
}

// GOOD: 3 tries, 100 ms + 400 ms (+900 ms counted): 1.4 s at most.
func qtNamedWait(ctx context.Context, logOf func(context.Context) *qtLogger) error {
	var err error
	for i := 1; i <= 3; i++ {
		if err = qtStop(ctx); err == nil {
			return nil
		}
		retryAfter := time.Duration(100*i*i) * time.Millisecond
		logOf(ctx).Warnf("retry after %s", retryAfter)
		<-time.After(retryAfter)
	}
	return err
}

// GOOD: range 3, 100 ms + 200 ms.
func qtRange(ctx context.Context) error {
	var err error
	for attempt := range 3 {
		if attempt > 0 {
			<-time.After(time.Duration(100*attempt) * time.Millisecond)
		}
		if err = send(ctx); err == nil {
			return nil
		}
	}
	return err
}

// BAD: the named wait reaches 10 × 10 s.
func qtNamedLong(ctx context.Context) error {
	var err error
	for i := 1; i <= 10; i++ { // want `wait between retry attempts ignores cancellation: add a case <-ctx.Done\(\) to the select`
		if err = send(ctx); err == nil {
			return nil
		}
		retryAfter := time.Duration(i) * time.Second
		<-time.After(retryAfter)
	}
	return err
}

// BAD: range 20 at 1 s each.
func qtRangeLong(ctx context.Context) error {
	var err error
	for attempt := range 20 { // want `wait between retry attempts ignores cancellation`
		if attempt > 0 {
			<-time.After(time.Duration(attempt) * time.Second)
		}
		if err = send(ctx); err == nil {
			return nil
		}
	}
	return err
}
