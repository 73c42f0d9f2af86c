package unboundedretry

import (
	"context"
	"net/http"
	"time"

	"github.com/avast/retry-go/v4"
)

// A retry whose only end is a context or a stop channel handed in from
// outside the function is bounded by whoever hands it in: a service's
// lifetime context, a request's with its own deadline. Only a stop that
// provably never fires makes "no limit" a claim.

// GOOD: the subscriber's run context is its caller's: shutdown ends it.
func (s *csSubscriber) Run(ctx context.Context) {
	for {
		if err := s.subscribe(ctx); err == nil {
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(5 * time.Second):
		}
	}
}

type csSubscriber struct{ quit chan struct{} }

func (s *csSubscriber) subscribe(context.Context) error { reach(); return nil }

// GOOD: a request's context, whose deadline is its server's.
func csHandle(w http.ResponseWriter, r *http.Request) {
	for {
		if err := callCtx(r.Context()); err == nil {
			return
		}
		select {
		case <-r.Context().Done():
			return
		case <-time.After(time.Second):
		}
	}
}

// GOOD: a stop channel of a parameter's.
func csWaitPeer(s *csSubscriber) {
	for {
		if err := dialOnce(); err == nil {
			return
		}
		select {
		case <-s.quit:
			return
		case <-time.After(time.Second):
		}
	}
}

// GOOD: a helper without a limit, on a caller's context.
func csHelperCaller(ctx context.Context) error {
	return retry.Do(call, retry.UntilSucceeded(), retry.Context(ctx))
}

// BAD: the only call of the package hands it context.Background(): that
// call retries forever.
func csSync(ctx context.Context) {
	for { // want `retry loop has no attempt limit and no deadline: ctx.Err\(\) != nil never fires, as csStart hands ctx context.Background\(\); cap the attempts or set a deadline`
		if ctx.Err() != nil {
			return
		}
		if err := callCtx(ctx); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

func csStart() { csSync(context.Background()) }

// BAD: the same for a helper without a limit.
func csHelperBackground(ctx context.Context) error {
	return retry.Do(call, retry.UntilSucceeded(), retry.Context(ctx)) // want `retry.Do retries until the callback succeeds \(retry.UntilSucceeded\(\)\), with no attempt or time limit: its context never ends, as csHelperStart hands ctx context.TODO\(\); set retry.Attempts to a positive count`
}

func csHelperStart() error { return csHelperBackground(context.TODO()) }

// Look-alike: an exported function: callers out of sight hand it their own
// contexts, and the package's own call is one of many.
func CsSyncExported(ctx context.Context) {
	for {
		if ctx.Err() != nil {
			return
		}
		if err := callCtx(ctx); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

func csStartExported() { CsSyncExported(context.Background()) }

// Look-alike: the only call hands on its own caller's context.
func csSyncForwarded(ctx context.Context) {
	for {
		if ctx.Err() != nil {
			return
		}
		if err := callCtx(ctx); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

func csStartForwarded(ctx context.Context) { csSyncForwarded(ctx) }

// BAD: a context made here from Background whose cancel only a defer calls,
// after the loop.
func csDeferredCancel() {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for { // want `retry loop has no attempt limit and no deadline: <-ctx.Done\(\) never fires, as nothing can cancel ctx`
		if err := callCtx(ctx); err == nil {
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Second):
		}
	}
}

// Look-alike: the same context, cancelled by a timer: it ends.
func csTimerCancel(d time.Duration) {
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(d, cancel)
	for {
		if err := callCtx(ctx); err == nil {
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Second):
		}
	}
}

// Look-alike: the cancel is deferred in the function that starts the loop
// as a goroutine: it fires when that function returns.
func csDeferredGo() {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		for {
			if err := callCtx(ctx); err == nil {
				return
			}
			select {
			case <-ctx.Done():
				return
			case <-time.After(time.Second):
			}
		}
	}()
	csWork()
}

func csWork() { reach() }

// BAD: a package function that detaches its context: what it returns never
// ends.
func csDetach(ctx context.Context) context.Context { return context.WithoutCancel(ctx) }

func csDetached(parent context.Context) {
	ctx := csDetach(parent)
	for { // want `retry loop has no attempt limit and no deadline: <-ctx.Done\(\) never fires, as nothing can cancel ctx`
		if err := callCtx(ctx); err == nil {
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Second):
		}
	}
}

// Look-alike: a parameter given another value on one path only: the
// caller's context still bounds the other.
func csMaybeDetached(ctx context.Context, detach bool) {
	if detach {
		ctx = context.WithoutCancel(ctx)
	}
	for {
		if err := callCtx(ctx); err == nil {
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Second):
		}
	}
}
