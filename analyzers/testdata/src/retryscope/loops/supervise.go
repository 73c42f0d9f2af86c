package loops

import (
	"context"
	"errors"
	"log"
	"time"
)

// N4: a supervisor loop restarts a component that runs until its context is
// cancelled and returns no error only then: not a retry of an answer.

func dialCtx(context.Context) error { return nil }

var events = make(chan int)

func consumeUntilDone(ctx context.Context) error {
	if err := dialCtx(ctx); err != nil {
		return err
	}
	<-ctx.Done()
	return nil
}

func consumeEvents(ctx context.Context) error {
	for {
		select {
		case <-ctx.Done():
			return nil
		case e, ok := <-events:
			if !ok {
				return errors.New("events closed")
			}
			if err := process(e); err != nil {
				return err
			}
		}
	}
}

func superviseConsumer(ctx context.Context, backoff func() time.Duration) error {
	for {
		err := consumeUntilDone(ctx)
		if err == nil {
			return nil
		}
		log.Printf("consumer failed: %v", err)
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(backoff()):
		}
	}
}

func superviseEvents(ctx context.Context) error {
	for {
		if err := consumeEvents(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
}

// Look-alikes: retries.

// The call can succeed at once.
func fetchOnceCtx(ctx context.Context) error {
	if err := dialCtx(ctx); err != nil {
		return err
	}
	return dialCtx(ctx)
}

func fetchUntilOK(ctx context.Context) error {
	for { // want `retry loop classified=false bounded=false`
		err := fetchOnceCtx(ctx)
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
}

// Waits for cancellation on one path only.
func maybeWaits(ctx context.Context, wait bool) error {
	if err := dialCtx(ctx); err != nil {
		return err
	}
	if !wait {
		return nil
	}
	<-ctx.Done()
	return nil
}

func retryMaybeWaits(ctx context.Context) error {
	for { // want `retry loop classified=false bounded=false`
		if err := maybeWaits(ctx, false); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
}
