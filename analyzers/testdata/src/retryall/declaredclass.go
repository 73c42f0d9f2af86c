package retryall

import (
	"errors"
	"log"
	"time"
)

// A function of the package handed the failure classifies for the loop that
// calls it: a bool among its results, or a handler that hands the error back
// unless it is of one class.

type limitErr struct {
	code  string
	after time.Duration
}

func (e *limitErr) Error() string { return e.code }

func post(string) error { reach(); return nil }

type chat struct{}

// throttled says whether err is a rate limit, and how long to wait.
func throttled(err error) (time.Duration, bool) {
	var le *limitErr
	if !errors.As(err, &le) || le.code != "LIMIT" {
		return 0, false
	}
	return le.after, true
}

// GOOD: only rate-limit errors go round (the bool is the second result).
func (c *chat) retry(f func() error) error {
	for {
		err := f()
		if err == nil {
			return nil
		}
		if d, ok := throttled(err); ok {
			time.Sleep(d)
			continue
		}
		return err
	}
}

func (c *chat) send(m string) error {
	return c.retry(func() error { return post(m) })
}

// waitAlways waits a second for every error.
func waitAlways(error) (time.Duration, bool) { return time.Second, true }

// BAD: the bool is true for every error.
func (c *chat) retryAll(f func() error) error {
	for {
		err := f()
		if err == nil {
			return nil
		}
		if d, ok := waitAlways(err); ok {
			time.Sleep(d)
			continue
		}
		return err
	}
}

func (c *chat) sendAll(m string) error {
	return c.retryAll(func() error { return post(m) }) // want `retryall.retryAll retries every error the callback returns`
}

// onLimit hands the error back unless it is a rate limit, which it waits out.
func onLimit(l *log.Logger, err error) error {
	le, ok := err.(*limitErr)
	if !ok {
		return err
	}
	l.Printf("limited, waiting %v", le.after)
	time.Sleep(le.after)
	return nil
}

// GOOD: only rate-limit errors go round.
func postLimited(l *log.Logger, m string) error {
	for {
		err := post(m)
		if err == nil {
			return nil
		}
		if err = onLimit(l, err); err != nil {
			return err
		}
	}
}

// logIt swallows every error.
func logIt(err error) error {
	log.Print(err)
	time.Sleep(time.Second)
	return nil
}

// BAD: the handler returns nil for every error.
func postLogged(m string) error {
	for { // want `retry loop retries every error alike`
		err := post(m)
		if err == nil {
			return nil
		}
		if err = logIt(err); err != nil {
			return err
		}
	}
}

// byCount hands the error back after three calls, whatever it is.
func byCount(n int, err error) error {
	if n < 3 {
		time.Sleep(time.Second)
		return nil
	}
	return err
}

// BAD: the handler chooses by a count, not by the error.
func postCounted(m string) error {
	for n := 0; ; n++ { // want `retry loop retries every error alike`
		err := post(m)
		if err == nil {
			return nil
		}
		if err = byCount(n, err); err != nil {
			return err
		}
	}
}
