// Package loops holds retry loops the engine must find, and the look-alikes it
// must leave alone.
package loops

import (
	"context"
	"errors"
	"io"
	"math/rand"
	"net/http"
	"time"
)

var errTransient = errors.New("transient")

func call() error                   { return nil }
func callCtx(context.Context) error { return nil }
func fetch() (int, error)           { return 0, nil }

func countedRetry() error {
	var err error
	for i := 0; i < 3; i++ { // want `retry loop classified=false bounded=true max=3 wait=sleep/const`
		err = call()
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func foreverRetry() {
	for { // want `retry loop classified=false bounded=false wait=sleep/const`
		if err := call(); err != nil {
			time.Sleep(2 * time.Second)
			continue
		}
		break
	}
}

func hotRetry() {
	for call() != nil { // want `retry loop classified=false bounded=false$`
	}
}

func classifiedRetry() error {
	for attempt := 0; attempt < 5; attempt++ { // want `retry loop classified=true bounded=true max=5`
		err := call()
		if err == nil {
			return nil
		}
		if !errors.Is(err, errTransient) {
			return err
		}
		time.Sleep(time.Duration(attempt) * time.Second)
	}
	return errors.New("gave up")
}

func predicateRetry() error {
	for i := range 4 { // want `retry loop classified=true bounded=true max=4 wait=sleep/grows`
		err := call()
		if err == nil {
			return nil
		}
		if !isTransient(err) {
			return err
		}
		time.Sleep(time.Duration(1<<i) * 100 * time.Millisecond)
	}
	return nil
}

func isTransient(err error) bool { return errors.Is(err, errTransient) }

func growingJitter(ctx context.Context) error {
	delay := 100 * time.Millisecond
	for { // want `retry loop classified=false bounded=true deadline\(local=false\) wait=after/grows/jitter/cancellable ctx=ctx`
		if err := callCtx(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(delay + time.Duration(rand.Int63n(int64(delay)))):
		}
		delay *= 2
	}
}

func localDeadline(parent context.Context) error {
	ctx, cancel := context.WithTimeout(parent, 10*time.Second)
	defer cancel()
	for { // want `retry loop classified=false bounded=true deadline\(local=true\) wait=sleep/const ctx=ctx`
		if err := callCtx(ctx); err == nil {
			return nil
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		time.Sleep(time.Second)
	}
}

func statusRetry(c *http.Client, req *http.Request) (*http.Response, error) {
	for i := 0; i < 3; i++ { // want `retry loop classified=true bounded=true max=3`
		resp, err := c.Do(req)
		if err != nil {
			continue
		}
		if resp.StatusCode >= 500 {
			resp.Body.Close()
			continue
		}
		return resp, nil
	}
	return nil, errors.New("unavailable")
}

func gotoRetry() error {
	attempts := 0
retry: // want `retry loop classified=false bounded=true`
	if err := call(); err != nil {
		attempts++
		if attempts < 3 {
			goto retry
		}
		return err
	}
	return nil
}

func recursiveRetry(n int) error { // the region is at the recursive call
	err := call()
	if err != nil && n > 0 {
		time.Sleep(time.Second)
		return recursiveRetry(n - 1) // want `recursive retry classified=false`
	}
	return err
}

func rangeDelays() error {
	var err error
	for _, d := range []time.Duration{time.Second, 2 * time.Second, 4 * time.Second} { // want `retry loop classified=false bounded=true max=3 wait=sleep/grows`
		if err = call(); err == nil {
			return nil
		}
		time.Sleep(d)
	}
	return err
}

func timerRetry(ctx context.Context) error {
	t := time.NewTimer(time.Second)
	defer t.Stop()
	for { // want `retry loop classified=false bounded=true deadline\(local=false\) wait=timer/const/cancellable`
		if err := callCtx(ctx); err == nil {
			return nil
		}
		t.Reset(time.Second)
		select {
		case <-t.C:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

func switchRetry() (int, error) {
	for i := 0; i < 3; i++ { // want `retry loop classified=true bounded=true max=3`
		n, err := fetch()
		switch {
		case err == nil:
			return n, nil
		case err == io.ErrUnexpectedEOF:
			continue
		default:
			return 0, err
		}
	}
	return 0, errors.New("gave up")
}

// A recursive retry that stops when the context is done.
func recursiveUntilDone(ctx context.Context) error {
	if err := callCtx(ctx); err != nil && ctx.Err() == nil {
		return recursiveUntilDone(ctx) // want `recursive retry classified=false`
	}
	return nil
}

func try(int) (bool, error) { return false, nil }

// The attempt says whether a failure is worth another go.
func verdictRetry() error {
	var err error
	for i := 0; i < 3; i++ { // want `retry loop classified=true bounded=true max=3$`
		var again bool
		again, err = try(i)
		if err == nil || !again {
			return err
		}
	}
	return err
}

// A pause before a successful return is not a wait between attempts.
func sleepBeforeReturn() error {
	for i := 0; i < 3; i++ { // want `retry loop classified=false bounded=true max=3 wait=sleep/const`
		if err := call(); err == nil {
			time.Sleep(time.Second)
			return nil
		}
		time.Sleep(2 * time.Second)
	}
	return nil
}

// tickPause waits on a ticker it makes: a loop that calls it waits between
// its attempts.
func tickPause(d time.Duration) {
	t := time.NewTicker(d)
	defer t.Stop()
	<-t.C
}

func tickerHelperRetry() error {
	for i := 0; i < 3; i++ { // want `retry loop classified=false bounded=true max=3 wait=other$`
		if err := call(); err == nil {
			return nil
		}
		tickPause(time.Second)
	}
	return errors.New("gave up")
}

// The first value of a tagged switch is a status test like the others (the
// CFG evaluates it in the block before the switch).
func tagSwitchFirstCase(c *http.Client, req *http.Request) (*http.Response, error) {
	for i := 0; i < 3; i++ { // want `retry loop classified=true bounded=true max=3 wait=sleep/const`
		resp, err := c.Do(req)
		if err != nil {
			return nil, err
		}
		switch resp.StatusCode {
		case http.StatusServiceUnavailable:
			resp.Body.Close()
			time.Sleep(time.Second)
			continue
		}
		return resp, nil
	}
	return nil, errors.New("gave up")
}

// A tagged switch on the error: its first case is the outcome test.
func tagSwitchOnError() (int, error) {
	for i := 0; i < 3; i++ { // want `retry loop classified=false bounded=true max=3`
		n, err := fetch()
		switch err {
		case nil:
			return n, nil
		}
	}
	return 0, errors.New("gave up")
}
