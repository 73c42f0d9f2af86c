package fixedsleep

import (
	"context"
	"errors"
)

// A call through a func value whose error only ends the loop (a ctx-aware
// sleep hook, err != nil only when ctx is done) is not the attempt: it may
// wait, so the loop is not claimed to "try again at once".

type redialer struct {
	pause func(ctx context.Context, attempt int) error
	dial  func(ctx context.Context) error
}

var errGone = errors.New("gone")

// GOOD: the pause hook in a field waits before every attempt after the first.
func (r *redialer) connect(ctx context.Context) error {
	var last error
	for n := 0; n < 5; n++ {
		if n > 0 {
			if err := r.pause(ctx, n-1); err != nil {
				return err
			}
		}
		err := r.dial(ctx)
		if err == nil {
			return nil
		}
		if errors.Is(err, errGone) {
			return err
		}
		last = err
	}
	return last
}

// Look-alike that stays reported: the field's error is what the loop retries.
func (r *redialer) connectAtOnce(ctx context.Context) error {
	var last error
	for n := 0; n < 8; n++ { // want `retry loop tries again at once after a failure`
		err := r.dial(ctx)
		if err == nil {
			return nil
		}
		if errors.Is(err, errGone) {
			return err
		}
		last = err
	}
	return last
}

type swapped struct {
	redialer
	conn func() (uint64, error)
}

// GOOD: the pause hook waits after a failed send; the one way round without
// it is taken when the connection was replaced meanwhile.
func (s *swapped) send(ctx context.Context) error {
	var last error
	for n := 0; n < 5; n++ {
		before, err := s.conn()
		if err == nil {
			return nil
		}
		last = err
		if after, _ := s.conn(); after != before {
			continue
		}
		if err := s.pause(ctx, n); err != nil {
			return err
		}
	}
	return last
}

// Look-alike that stays reported: a hook in reach whose body does not wait.
func (r *redialer) connectCounted(ctx context.Context) error {
	tries := 0
	count := func(context.Context) error { tries++; return nil }
	for n := 0; n < 8; n++ { // want `retry loop tries again at once after a failure`
		if err := count(ctx); err != nil {
			return err
		}
		if err := r.dial(ctx); err == nil {
			return nil
		}
	}
	return errGone
}
