package unboundedretry

import (
	"context"
	"errors"
	"fmt"
	"log"
	"net/http"
	"time"

	"example.com/budget"
)

// A verdict that lives in another function: the loop hands the failure (and
// its counter) to a declared function or method and leaves when it answers
// with an error. The loop is bounded by that verdict unless the callee
// provably never says stop of its own: every answer nil, or the error it was
// handed (or a wrap of it) under tests of nothing but that error or a
// context.

// Backoffer is the budget under another name (type alias).
type Backoffer = budget.Budget

// GOOD: a budget of another package of the module says stop.
func fetchBudgeted(c *http.Client, req *http.Request, bo *budget.Budget) (*http.Response, error) {
	for {
		res, err := c.Do(req)
		if err == nil {
			return res, nil
		}
		if e := bo.Backoff(fmt.Errorf("fetch: %w", err)); e != nil {
			return nil, e
		}
	}
}

// GOOD: the same budget through the alias, its answer assigned to the
// failure's variable.
func fetchAliased(c *http.Client, req *http.Request, bo *Backoffer) (*http.Response, error) {
	for {
		res, err := c.Do(req)
		if err == nil {
			return res, nil
		}
		err = bo.Backoff(err)
		if err != nil {
			return nil, err
		}
	}
}

// GOOD: the attempt count and the failure handed to rules of another
// package, whose error leaves.
func fetchRuled(c *http.Client, req *http.Request, r *budget.Rules) (*http.Response, error) {
	for attempt := 1; ; attempt++ {
		res, err := c.Do(req)
		if err == nil {
			return res, nil
		}
		a, e := r.Recover(err, attempt)
		if e != nil {
			return nil, e
		}
		time.Sleep(a.Sleep)
	}
}

// GOOD: a forwarding wrapper of another package bounded by the rules' verdict.
func runRuled(r *budget.Rules, c *http.Client, req *http.Request) error {
	return r.Run(context.Background(), func() error {
		_, err := c.Do(req)
		return err
	})
}

// Look-alike: the forwarding wrapper's only verdict logs.
func runNoted(b *budget.Budget, c *http.Client, req *http.Request) error {
	return b.RunNoted(context.Background(), func() error { // want `retries until the callback succeeds, with no attempt or time limit`
		_, err := c.Do(req)
		return err
	})
}

// Look-alike: the method only logs and answers nil.
func fetchNoted(c *http.Client, req *http.Request, bo *budget.Budget) (*http.Response, error) {
	for { // want `retry loop has no attempt limit and no deadline`
		res, err := c.Do(req)
		if err == nil {
			return res, nil
		}
		if e := bo.Note(err); e != nil {
			return nil, e
		}
		time.Sleep(time.Second)
	}
}

// Look-alike: the helper's stop reads nothing but the error: a transient
// failure goes round for ever.
func fetchClassified(c *http.Client, req *http.Request) (*http.Response, error) {
	for { // want `retry loop has no attempt limit and no deadline`
		res, err := c.Do(req)
		if err == nil {
			return res, nil
		}
		if e := budget.Permanent(err); e != nil {
			return nil, e
		}
		time.Sleep(time.Second)
	}
}

// Look-alike: the waiter's only non-nil answer is its context's end.
func fetchWaited(c *http.Client, req *http.Request, w *budget.Waiter) (*http.Response, error) {
	for { // want `retry loop has no attempt limit and no deadline`
		res, err := c.Do(req)
		if err == nil {
			return res, nil
		}
		if e := w.Backoff(err); e != nil {
			return nil, e
		}
	}
}

// Look-alike: a budget made inside the loop starts afresh every round.
func fetchFreshBudget(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error) {
	for { // want `retry loop has no attempt limit and no deadline`
		bo := budget.New(ctx, 20*time.Second)
		res, err := c.Do(req)
		if err == nil {
			return res, nil
		}
		if e := bo.Backoff(err); e != nil {
			return nil, e
		}
	}
}

// Verdicts of the same package.

type attemptRule struct{ max int }

func (r *attemptRule) decide(err error, attempt int) error {
	if attempt >= r.max {
		return fmt.Errorf("gave up after %d: %w", attempt, err)
	}
	return nil
}

// GOOD: the counter handed to a method of the package that stops at max.
func fetchDecided(c *http.Client, req *http.Request, r *attemptRule) (*http.Response, error) {
	for n := 1; ; n++ {
		res, err := c.Do(req)
		if err == nil {
			return res, nil
		}
		if e := r.decide(err, n); e != nil {
			return nil, e
		}
		time.Sleep(time.Second)
	}
}

func logged(err error, attempt int) error {
	log.Print(attempt, err)
	return nil
}

// Look-alike: the counter reaches a helper that only logs.
func fetchLogged(c *http.Client, req *http.Request) (*http.Response, error) {
	for n := 1; ; n++ { // want `retry loop has no attempt limit and no deadline`
		res, err := c.Do(req)
		if err == nil {
			return res, nil
		}
		if e := logged(err, n); e != nil {
			return nil, e
		}
		time.Sleep(time.Second)
	}
}

var errClosed = errors.New("closed")

// passBack hands back the error it was handed only when it is the closed one.
func passBack(err error) error {
	if errors.Is(err, errClosed) {
		return err
	}
	return nil
}

// Look-alike: the helper's answer is the failure itself, chosen by its class.
func fetchPassedBack(c *http.Client, req *http.Request) (*http.Response, error) {
	for { // want `retry loop has no attempt limit and no deadline`
		res, err := c.Do(req)
		if err == nil {
			return res, nil
		}
		if e := passBack(err); e != nil {
			return nil, e
		}
		time.Sleep(time.Second)
	}
}

// GOOD: the budget asked at the top of the round, on the failure the last
// round kept.
func fetchBudgetFirst(c *http.Client, req *http.Request, bo *budget.Budget) (*http.Response, error) {
	var lastErr error
	for {
		if lastErr != nil {
			if err := bo.Backoff(lastErr); err != nil {
				return nil, err
			}
		}
		res, err := c.Do(req)
		if err != nil {
			lastErr = fmt.Errorf("fetch: %w", err)
			continue
		}
		return res, nil
	}
}

// Look-alike: the same shape with the logging method.
func fetchNotedFirst(c *http.Client, req *http.Request, bo *budget.Budget) (*http.Response, error) {
	var lastErr error
	for { // want `retry loop has no attempt limit and no deadline`
		if lastErr != nil {
			if err := bo.Note(lastErr); err != nil {
				return nil, err
			}
			time.Sleep(time.Second)
		}
		res, err := c.Do(req)
		if err != nil {
			lastErr = fmt.Errorf("fetch: %w", err)
			continue
		}
		return res, nil
	}
}

// GOOD: only the attempt count is handed to rules of another package.
func fetchCounted(c *http.Client, req *http.Request, r *budget.Rules) (*http.Response, error) {
	for attempt := 1; ; attempt++ {
		res, err := c.Do(req)
		if err == nil {
			return res, nil
		}
		if e := r.Allow(attempt); e != nil {
			return nil, e
		}
		time.Sleep(time.Second)
	}
}

func noteAttempt(attempt int) error {
	log.Print("attempt ", attempt)
	return nil
}

// Look-alike: the count reaches a helper that only logs and answers nil.
func fetchCountNoted(c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 1; ; attempt++ { // want `retry loop has no attempt limit and no deadline`
		res, err := c.Do(req)
		if err == nil {
			return res, nil
		}
		if e := noteAttempt(attempt); e != nil {
			return nil, e
		}
		time.Sleep(time.Second)
	}
}

// GOOD: a budget made in the loop's init statement lives across rounds.
func fetchInitBudget(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error) {
	for bo := budget.New(ctx, 20*time.Second); ; {
		res, err := c.Do(req)
		if err == nil {
			return res, nil
		}
		if e := bo.Backoff(err); e != nil {
			return nil, e
		}
	}
}
