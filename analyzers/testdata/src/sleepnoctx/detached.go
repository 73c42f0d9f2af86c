package sleepnoctx

import (
	"context"
	"time"

	"sleepnoctx/valuectx"
)

// context.WithValue adds a value, not a cancellation: over a context nothing
// can cancel, the result is one too, directly or through a function (of this
// package or another) that returns its context parameter under WithValue. A
// goroutine that gives itself such a context was cut off from its starter's
// contexts on purpose: no cancellation is in reach of its waits.

type detachKey struct{}

func withTrace(parent context.Context, id string) context.Context {
	return context.WithValue(parent, detachKey{}, id)
}

// GOOD: the goroutine outlives the request; its context is a value over
// Background, made through another package's helper.
func dtTagLater(ctx context.Context) {
	go func() {
		ctx2 := valuectx.WithTenant(context.Background(), valuectx.Tenant(ctx))
		for i := 0; i < 60; i++ {
			time.Sleep(10 * time.Second)
			if send(ctx2) == nil {
				return
			}
		}
	}()
}

// GOOD: the same through a helper that may return its argument unchanged,
// stacked on one of this package.
func dtTagLaterLocal(ctx context.Context) {
	go func() {
		ctx2 := withTrace(valuectx.WithTenantIfSet(context.TODO(), valuectx.Tenant(ctx)), "t")
		for i := 0; i < 60; i++ {
			time.Sleep(10 * time.Second)
			if send(ctx2) == nil {
				return
			}
		}
	}()
}

// GOOD: context.WithValue written out, over WithoutCancel.
func dtTagLaterInline(ctx context.Context) {
	go func() {
		ctx2 := context.WithValue(context.WithoutCancel(ctx), detachKey{}, "t")
		for i := 0; i < 60; i++ {
			time.Sleep(10 * time.Second)
			if send(ctx2) == nil {
				return
			}
		}
	}()
}

// BAD: the value sits on the request's context, which ends.
func dtTagOnRequest(ctx context.Context) {
	go func() {
		ctx2 := valuectx.WithTenant(ctx, "t")
		for i := 0; i < 60; i++ { // want `time.Sleep between retry attempts ignores cancellation: wait in a select on ctx2.Done\(\) and a timer`
			time.Sleep(10 * time.Second)
			if send(ctx2) == nil {
				return
			}
		}
	}()
}

// BAD: a cancel over the value: the context ends.
func dtTagCancellable() {
	go func() {
		ctx2, cancel := context.WithCancel(withTrace(context.Background(), "t"))
		defer cancel()
		for i := 0; i < 60; i++ { // want `time.Sleep between retry attempts ignores cancellation: wait in a select on ctx2.Done\(\) and a timer`
			time.Sleep(10 * time.Second)
			if send(ctx2) == nil {
				return
			}
		}
	}()
}

// BAD: the helper adds a deadline too: no pass-through, the context ends.
func dtTagDeadline() {
	go func() {
		ctx2 := valuectx.WithDeadlineValue(context.Background(), "t")
		for i := 0; i < 60; i++ { // want `time.Sleep between retry attempts ignores cancellation: wait in a select on ctx2.Done\(\) and a timer`
			time.Sleep(10 * time.Second)
			if send(ctx2) == nil {
				return
			}
		}
	}()
}

// GOOD: no goroutine, but nobody in sight holds a context to hand down:
// the one made here cancels nothing.
func dtPushNow() error {
	ctx := valuectx.WithTenant(context.Background(), "t")
	var err error
	for i := 0; i < 60; i++ {
		if err = send(ctx); err == nil {
			return nil
		}
		time.Sleep(10 * time.Second)
	}
	return err
}

// BAD: the same, but its caller holds a request's context it could hand
// down instead of the one made here.
func dtPushForRequest() error {
	ctx := valuectx.WithTenant(context.Background(), "t")
	var err error
	for i := 0; i < 60; i++ { // want `time.Sleep between retry attempts cannot be cancelled: accept a context.Context`
		if err = send(ctx); err == nil {
			return nil
		}
		time.Sleep(10 * time.Second)
	}
	return err
}

func dtHandle(ctx context.Context) error {
	_ = ctx
	return dtPushForRequest()
}
