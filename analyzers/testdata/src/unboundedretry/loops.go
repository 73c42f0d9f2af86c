// Package unboundedretry holds the cases of the unboundedretry rule: retries
// that only stop on success, and the bounded ones it must leave alone.
package unboundedretry

import (
	"context"
	"errors"
	"log"
	"time"
)

var errPermanent = errors.New("permanent")

func call() error                   { reach(); return nil }
func callCtx(context.Context) error { reach(); return nil }

func forever() {
	for { // want `retry loop has no attempt limit and no deadline: cap the attempts or set a deadline`
		if err := call(); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

func foreverClassified() error {
	for { // want `retry loop has no attempt limit and no deadline`
		err := call()
		if err == nil {
			return nil
		}
		if errors.Is(err, errPermanent) {
			return err
		}
		time.Sleep(time.Second)
	}
}

func callerContext(ctx context.Context) error {
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

func callerContextErr(ctx context.Context) error {
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

func recursive() error {
	if err := call(); err != nil {
		time.Sleep(time.Second)
		return recursive() // want `recursive retry has no attempt limit and no deadline`
	}
	return nil
}

// ---- negatives ----

func counted() error {
	var err error
	for i := 0; i < 5; i++ {
		if err = call(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func countedInside() error {
	attempts := 0
	for {
		err := call()
		if err == nil {
			return nil
		}
		attempts++
		if attempts >= 5 {
			return err
		}
		time.Sleep(time.Second)
	}
}

type worker struct{ attempts int }

func (w *worker) countedField() error {
	for {
		err := call()
		if err == nil {
			return nil
		}
		w.attempts++
		if w.attempts > 3 {
			return err
		}
		time.Sleep(time.Second)
	}
}

func localDeadline(parent context.Context) error {
	ctx, cancel := context.WithTimeout(parent, 30*time.Second)
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

func clockDeadline() error {
	start := time.Now()
	for {
		err := call()
		if err == nil {
			return nil
		}
		if time.Since(start) > time.Minute {
			return err
		}
		time.Sleep(time.Second)
	}
}

func recursiveCounted(n int) error {
	err := call()
	if err != nil && n > 0 {
		time.Sleep(time.Second)
		return recursiveCounted(n - 1)
	}
	return err
}

func recursiveAttempt(attempt int) error {
	err := call()
	if err == nil || attempt >= 3 {
		return err
	}
	return recursiveAttempt(attempt + 1)
}

// A worker that runs forever is not a retry.
func worker2(ctx context.Context) {
	for {
		if err := callCtx(ctx); err != nil {
			log.Print(err)
		}
		time.Sleep(time.Minute)
	}
}

// A poller stops on a condition of the result.
func poll() error {
	for {
		ready, err := status()
		if err != nil {
			return err
		}
		if ready {
			return nil
		}
		time.Sleep(time.Second)
	}
}

func status() (bool, error) { return false, nil }

// Recursion into other input is a traversal, not a retry.
func removeTree(dir string, names []string) error {
	for _, name := range names {
		if err := call(); err != nil {
			return removeTree(name, nil)
		}
	}
	return nil
}

func stopChannel(quit <-chan struct{}) error {
	for {
		if err := call(); err == nil {
			return nil
		}
		select {
		case <-quit:
			return errors.New("stopped")
		case <-time.After(time.Second):
		}
	}
}
