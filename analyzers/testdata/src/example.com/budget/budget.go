// Package budget is a stub of a module package whose objects judge a failed
// attempt for the loops of other packages: a sleep budget, an attempt rule,
// and look-alikes that decide nothing.
package budget

import (
	"context"
	"errors"
	"fmt"
	"log"
	"time"
)

// Budget sleeps between attempts and says stop once its total sleep reaches
// max or its context ends.
type Budget struct {
	ctx          context.Context
	spent, total time.Duration
}

func New(ctx context.Context, total time.Duration) *Budget {
	return &Budget{ctx: ctx, total: total}
}

// Backoff hands the work to another method: its answer is that method's.
func (b *Budget) Backoff(err error) error {
	return b.BackoffAtMost(time.Second, err)
}

func (b *Budget) BackoffAtMost(d time.Duration, err error) error {
	select {
	case <-b.ctx.Done():
		return fmt.Errorf("backoff: %w", err)
	default:
	}
	if b.total > 0 && b.spent >= b.total {
		return fmt.Errorf("budget of %v spent: %w", b.total, err)
	}
	time.Sleep(d)
	b.spent += d
	return nil
}

// Note only logs: it never says stop.
func (b *Budget) Note(err error) error {
	log.Print(err)
	return nil
}

// Waiter's only non-nil answer is on its context's end: no stop of its own.
type Waiter struct{ ctx context.Context }

func (w *Waiter) Backoff(err error) error {
	select {
	case <-w.ctx.Done():
		return err
	case <-time.After(time.Second):
		return nil
	}
}

var ErrDenied = errors.New("denied")

// Permanent tells failures apart by the error alone: a transient one is
// retried for ever.
func Permanent(err error) error {
	if errors.Is(err, ErrDenied) {
		return fmt.Errorf("permanent: %w", err)
	}
	return nil
}

// Rules answer with an error once the attempt count reaches Max.
type Rules struct{ Max int }

type Action struct{ Sleep time.Duration }

type MaxReachedError struct {
	Err error
	Max int
}

func (e *MaxReachedError) Error() string { return fmt.Sprintf("%d attempts: %v", e.Max, e.Err) }

func (r *Rules) Recover(err error, attempt int) (*Action, error) {
	if attempt >= r.Max {
		return nil, &MaxReachedError{Err: err, Max: r.Max}
	}
	return &Action{Sleep: time.Second}, nil
}

// Run forwards op to a loop bounded by the rules' verdict.
func (r *Rules) Run(ctx context.Context, op func() error) error {
	for n := 1; ; n++ {
		err := op()
		if err == nil {
			return nil
		}
		a, e := r.Recover(err, n)
		if e != nil {
			return e
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(a.Sleep):
		}
	}
}

// RunNoted forwards op to a loop whose only verdict logs.
func (b *Budget) RunNoted(ctx context.Context, op func() error) error {
	for {
		err := op()
		if err == nil {
			return nil
		}
		if e := b.Note(err); e != nil {
			return e
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

var ErrExhausted = errors.New("attempts exhausted")

// Allow answers with an error once the attempt count reaches Max.
func (r *Rules) Allow(attempt int) error {
	if attempt >= r.Max {
		return ErrExhausted
	}
	return nil
}
