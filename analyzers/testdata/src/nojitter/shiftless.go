package nojitter

import (
	"context"
	"time"
)

// A growing wait written base << (attempt-1): the difference with a
// constant is read, so a few short tries are summed like the others.

// GOOD: 4 tries in a goroutine, 100, 200 then 400 ms apart: under a second.
func sendInBackground() {
	go func() {
		const retries = 3
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		for attempt := range retries + 1 {
			if attempt > 0 {
				delay := base * time.Duration(1<<(attempt-1))
				select {
				case <-ctx.Done():
					return
				case <-time.After(delay):
				}
			}
			if callCtx(ctx) == nil {
				return
			}
		}
	}()
}

// BAD: the same schedule over 8 tries: 100 ms up to 6.4 s, 12.8 s in all.
func sendInBackgroundLong() {
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		for attempt := range 8 { // want `retry backoff delay grows but has no jitter`
			if attempt > 0 {
				delay := base * time.Duration(1<<(attempt-1))
				select {
				case <-ctx.Done():
					return
				case <-time.After(delay):
				}
			}
			if callCtx(ctx) == nil {
				return
			}
		}
	}()
}

// BAD: less a value the code does not fix: the wait has no ceiling.
func sendShiftedBy(ctx context.Context, skip int) error {
	var err error
	for attempt := 1; attempt <= 4; attempt++ { // want `retry backoff base << \(attempt - skip\) grows but has no jitter`
		if err = callCtx(ctx); err == nil {
			return nil
		}
		time.Sleep(base << (attempt - skip))
	}
	return err
}

// GOOD: a growing schedule written as a list, 0.7 s in all.
func sendOnList(ctx context.Context) error {
	var err error
	delays := []time.Duration{100 * time.Millisecond, 200 * time.Millisecond, 400 * time.Millisecond}
	for _, d := range delays {
		if err = callCtx(ctx); err == nil {
			return nil
		}
		time.Sleep(d)
	}
	return err
}

func lengthen(ds []time.Duration) {
	for i := range ds {
		ds[i] *= 100
	}
}

// BAD: the same list, handed to a call that may change it first.
func sendOnChangedList(ctx context.Context) error {
	var err error
	delays := []time.Duration{100 * time.Millisecond, 200 * time.Millisecond, 400 * time.Millisecond}
	lengthen(delays)
	for _, d := range delays { // want `retry backoff d grows but has no jitter`
		if err = callCtx(ctx); err == nil {
			return nil
		}
		time.Sleep(d)
	}
	return err
}
