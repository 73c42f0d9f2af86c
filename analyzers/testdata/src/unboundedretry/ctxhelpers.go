package unboundedretry

import (
	"context"
	"time"

	"github.com/avast/retry-go/v4"
	goretry "github.com/sethvargo/go-retry"
)

// A context made by a helper of this package that wraps context.WithTimeout
// or WithDeadline has a deadline, like one made in the function itself.

type store struct {
	ctx     context.Context
	timeout time.Duration
}

func (s *store) opCtx() (context.Context, context.CancelFunc) {
	return context.WithTimeout(s.ctx, s.timeout)
}

// opCtxVar returns the deadline context through a variable and derives from it.
func (s *store) opCtxVar() (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithDeadline(s.ctx, time.Now().Add(s.timeout))
	ctx = context.WithValue(ctx, ctxKey{}, "op")
	return ctx, cancel
}

// opCtxNested wraps a wrapper.
func (s *store) opCtxNested() (context.Context, context.CancelFunc) {
	return s.opCtx()
}

// opCtxNamed uses named results and a bare return; the nil return is an error path.
func (s *store) opCtxNamed(ok bool) (ctx context.Context, cancel context.CancelFunc) {
	if !ok {
		return nil, nil
	}
	ctx, cancel = context.WithTimeout(s.ctx, s.timeout)
	return
}

func withTimeout(parent context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	return context.WithTimeout(parent, d)
}

type ctxKey struct{}

func (s *store) helperDeadline() error {
	ctx, cancel := s.opCtx()
	defer cancel()
	for {
		if err := callCtx(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

func (s *store) helperDeadlineVar() error {
	ctx, cancel := s.opCtxVar()
	defer cancel()
	for {
		if err := callCtx(ctx); err == nil {
			return nil
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		time.Sleep(time.Second)
	}
}

func (s *store) helperDeadlineNested() error {
	ctx, cancel := s.opCtxNested()
	defer cancel()
	ctx2 := ctx
	for {
		if err := callCtx(ctx2); err == nil {
			return nil
		}
		select {
		case <-ctx2.Done():
			return ctx2.Err()
		case <-time.After(time.Second):
		}
	}
}

func (s *store) helperDeadlineNamed() error {
	ctx, cancel := s.opCtxNamed(true)
	defer cancel()
	for {
		if err := callCtx(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

func funcDeadline(parent context.Context) error {
	ctx, cancel := withTimeout(parent, time.Minute)
	defer cancel()
	ctx, cancel2 := context.WithCancel(ctx) // derived: keeps the deadline
	defer cancel2()
	for {
		if err := callCtx(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

func (s *store) helperDeadlineRetryGo() error {
	ctx, cancel := s.opCtx()
	defer cancel()
	return retry.Do(call, retry.UntilSucceeded(), retry.Context(ctx))
}

func (s *store) helperDeadlineGoRetry() error {
	ctx, cancel := s.opCtx()
	defer cancel()
	return goretry.Do(ctx, goretry.NewExponential(time.Second), func(ctx context.Context) error { return goretry.RetryableError(callCtx(ctx)) })
}

// Look-alikes: helpers that do not (always) give the context a deadline.
// The loops on them below are quiet all the same: their context derives from
// the store's, whose end is out of sight, so no claim of "no deadline" holds.
// helperCancelOnlyBg, further down, is the same helper on a parent that never
// ends, and is reported; a helper that sets a deadline on some path
// (sometimes) makes a context that may end, so no form of it is.

func (s *store) cancelOnly() (context.Context, context.CancelFunc) {
	return context.WithCancel(s.ctx)
}

// sometimes sets a deadline on one path only.
func (s *store) sometimes() (context.Context, context.CancelFunc) {
	if s.timeout == 0 {
		return context.WithCancel(s.ctx)
	}
	return context.WithTimeout(s.ctx, s.timeout)
}

// detached drops the parent's deadline.
func detached(parent context.Context) context.Context {
	ctx, _ := context.WithTimeout(parent, time.Minute)
	return context.WithoutCancel(ctx)
}

// timeoutOf returns a duration, not a context.
func (s *store) timeoutOf() time.Duration { return s.timeout }

func (s *store) helperCancelOnly() error {
	ctx, cancel := s.cancelOnly()
	defer cancel()
	for {
		if err := callCtx(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

func (s *store) helperSometimes() error {
	ctx, cancel := s.sometimes()
	defer cancel()
	for {
		if err := callCtx(ctx); err == nil {
			return nil
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		time.Sleep(time.Second)
	}
}

func helperDetached(parent context.Context) error {
	ctx := detached(parent)
	for { // want `retry loop has no attempt limit and no deadline: <-ctx.Done\(\) never fires, as nothing can cancel ctx`
		if err := callCtx(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// GOOD: fieldCtx checks its owner's context, read from a field of the
// receiver: the loop retries for as long as the store lives, and the store's
// end is its bound (retryscope.Region.StoppedByOwner), deadline or not.
func (s *store) fieldCtx() error {
	for {
		if err := callCtx(s.ctx); err == nil {
			return nil
		}
		select {
		case <-s.ctx.Done():
			return s.ctx.Err()
		case <-time.After(s.timeoutOf()):
		}
	}
}

// The same helpers on a parent that never ends (context.Background()): the
// helper's deadline is the only bound, and a helper without one leaves the
// loop with none.

func bgOpCtx() context.Context {
	ctx, _ := context.WithTimeout(context.Background(), time.Minute)
	return ctx
}

func bgCancelOnly() context.Context {
	ctx, _ := context.WithCancel(context.Background())
	return ctx
}

// GOOD: the helper gives the context a deadline.
func helperDeadlineBg() error {
	ctx := bgOpCtx()
	for {
		if err := callCtx(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// Look-alike: the helper only makes it cancellable, and nothing cancels it.
func helperCancelOnlyBg() error {
	ctx := bgCancelOnly()
	for { // want `retry loop has no attempt limit and no deadline: <-ctx.Done\(\) never fires, as nothing can cancel ctx`
		if err := callCtx(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

func (s *store) helperCancelOnlyRetryGo() error {
	ctx, cancel := s.cancelOnly()
	defer cancel()
	return retry.Do(call, retry.UntilSucceeded(), retry.Context(ctx))
}
