package sleepnoctx

import (
	"context"
	"errors"
	"time"
)

// A context parameter of a function only this package calls, which every
// call fills with a context nothing can cancel (run(context.Background())
// from main), never ends: a wait that watched it would still wait out its
// timer, so the sleep ignores nothing.

var errPbGaveUp = errors.New("gave up")

// GOOD: every call passes context.Background().
func pbRun(ctx context.Context) error {
	for i := 0; i < 30; i++ {
		if send(ctx) == nil {
			return nil
		}
		time.Sleep(10 * time.Second)
	}
	return errPbGaveUp
}

func pbMain() { _ = pbRun(context.Background()) }

// BAD: one call hands it a context its caller can cancel.
func pbServe(ctx context.Context) error {
	for i := 0; i < 30; i++ { // want `time.Sleep between retry attempts ignores cancellation: wait in a select on ctx.Done\(\) and a timer`
		if send(ctx) == nil {
			return nil
		}
		time.Sleep(10 * time.Second)
	}
	return errPbGaveUp
}

func pbStart(ctx context.Context) {
	_ = pbServe(context.Background())
	_ = pbServe(ctx)
}

// BAD: an exported function may be called from anywhere.
func PbExported(ctx context.Context) error {
	for i := 0; i < 30; i++ { // want `time.Sleep between retry attempts ignores cancellation: wait in a select on ctx.Done\(\) and a timer`
		if send(ctx) == nil {
			return nil
		}
		time.Sleep(10 * time.Second)
	}
	return errPbGaveUp
}

func pbMainExported() { _ = PbExported(context.Background()) }
