package loops

import (
	"context"
	"time"
)

// A select with a default clause never blocks: no wait, and its default
// body runs in line, so a check there is read as anywhere else.

func attemptInDefault(ctx context.Context) error {
	for i := 0; i < 3; i++ { // want `retry loop classified=false bounded=true max=3 deadline\(local=false\) ctx=ctx$`
		select {
		case <-ctx.Done():
			return ctx.Err()
		default:
			if err := callCtx(ctx); err == nil {
				return nil
			}
		}
	}
	return errTransient
}

func timerBesideDefault(ctx context.Context) error {
	for i := 0; i < 3; i++ { // want `retry loop classified=false bounded=true max=3 ctx=ctx$`
		if err := callCtx(ctx); err == nil {
			return nil
		}
		select {
		case <-time.After(time.Second):
		default:
		}
	}
	return errTransient
}

// Look-alikes: the same selects without a default wait.

func timerWithoutDefault(ctx context.Context) error {
	for i := 0; i < 3; i++ { // want `retry loop classified=false bounded=true max=3 wait=after/const ctx=ctx$`
		if err := callCtx(ctx); err == nil {
			return nil
		}
		select {
		case <-time.After(time.Second):
		}
	}
	return errTransient
}

func attemptAfterTick(ctx context.Context, tick <-chan time.Time) error {
	for i := 0; i < 3; i++ { // want `retry loop classified=false bounded=true max=3 deadline\(local=false\) wait=other/cancellable ctx=ctx$`
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-tick:
		}
		if err := callCtx(ctx); err == nil {
			return nil
		}
	}
	return errTransient
}

// A drain: an empty queue ends the loop; no retry.
func drainQueue(queue <-chan string) {
	for {
		select {
		case s := <-queue:
			if err := use(s); err != nil {
				continue
			}
		default:
			return
		}
	}
}

func use(string) error { return nil }
