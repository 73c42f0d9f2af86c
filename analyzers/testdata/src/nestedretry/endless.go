package nestedretry

import (
	"context"
	"errors"
	"net/http"
	"time"
)

// An inner layer with no attempt limit and no deadline returns only success or
// an error it chose not to retry: an outer retry multiplies nothing.

var errGone = errors.New("gone")

func getState(c *http.Client) error {
	resp, err := c.Get("https://state.example/")
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusGone {
		return errGone
	}
	return nil
}

// retryUntilVerdict retries until job succeeds or again says stop.
func retryUntilVerdict(job func() error, again func(error) bool) error {
	for {
		err := job()
		if err == nil || !again(err) {
			return err
		}
		time.Sleep(time.Second)
	}
}

// retryFive retries job up to five times.
func retryFive(job func() error) error {
	var err error
	for i := 0; i < 5; i++ {
		if err = job(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// stateUntilGone retries forever, giving up only when the callback says so.
func stateUntilGone(c *http.Client) error {
	return retryUntilVerdict(func() error { return getState(c) }, func(err error) bool {
		return !errors.Is(err, errGone)
	})
}

// stateForeverTransient retries every transient error with no limit.
func stateForeverTransient(c *http.Client) error {
	for {
		err := getState(c)
		if err == nil || errors.Is(err, errGone) {
			return err
		}
		time.Sleep(time.Second)
	}
}

// stateThrice retries three times.
func stateThrice(c *http.Client) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = getState(c); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// stateUntilDone retries until the caller's context ends: a deadline.
func stateUntilDone(ctx context.Context, c *http.Client) error {
	for {
		err := getState(c)
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// stateBothWays has one endless layer and one finite one.
func stateBothWays(c *http.Client, fast bool) error {
	if fast {
		return stateUntilGone(c)
	}
	return stateThrice(c)
}

// Look-alike: the inner helper call gives up only on the callback's verdict.
func syncEndlessInner(c *http.Client) error {
	return retryFive(func() error { return stateUntilGone(c) })
}

// Look-alike: the inner loop gives up only on errGone.
func syncEndlessLoop(c *http.Client) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = stateForeverTransient(c); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Look-alike: the attempt calls the endless verdict helper itself.
func syncEndlessOneLevel(c *http.Client) error {
	return retryFive(func() error {
		return retryUntilVerdict(func() error { return getState(c) }, func(err error) bool { return err != errGone })
	})
}

func syncFinite(c *http.Client) error {
	return retryFive(func() error { return stateThrice(c) }) // want `retryFive \(5 attempts\) around stateThrice, which retries on its own \(retry loop, 3 attempts\): 5 × 3 = 15 attempts`
}

func syncDeadline(ctx context.Context, c *http.Client) error {
	var err error
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) around stateUntilDone, which retries on its own`
		if err = stateUntilDone(ctx, c); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func syncBothWays(c *http.Client) error {
	var err error
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) around stateBothWays, which retries on its own`
		if err = stateBothWays(c, i == 0); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// goneGate returns a verdict that stops on errGone.
func goneGate() func(error) bool {
	return func(err error) bool { return !errors.Is(err, errGone) }
}

// stateUntilGate retries forever under a verdict handed in as a value.
func stateUntilGate(c *http.Client) error {
	return retryUntilVerdict(func() error { return getState(c) }, goneGate())
}

// stateUntilCounted retries under a verdict that counts: five rounds at most.
func stateUntilCounted(c *http.Client) error {
	n := 0
	return retryUntilVerdict(func() error { return getState(c) }, func(error) bool {
		n++
		return n < 5
	})
}

// The endless wrapper's verdict is a value out of reach: it may count.
func syncEndlessGate(c *http.Client) error {
	return retryFive(func() error { return stateUntilGate(c) }) // want `retryFive \(5 attempts\) around stateUntilGate, which retries on its own`
}

func syncCounted(c *http.Client) error {
	return retryFive(func() error { return stateUntilCounted(c) }) // want `retryFive \(5 attempts\) around stateUntilCounted, which retries on its own`
}
