package nestedretry

import (
	"errors"
	"net/http"
	"strings"
	"time"
)

// An outer retry that goes round only on an error value the inner layer
// returns at once, without retrying it, retries outcomes the inner never
// retries: the layers do not multiply.

var (
	errAtCapacity = errors.New("executor at capacity")
	errRunFailed  = errors.New("run failed")
)

func atCapacity(err error) bool { return strings.Contains(err.Error(), "capacity") }

func postRun(c *http.Client) error {
	resp, err := c.Post("https://runner.example/run", "text/plain", nil)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// runRetried retries a run three times, but hands "at capacity" back at once.
func runRetried(c *http.Client) error {
	for i := 0; i < 3; i++ {
		err := postRun(c)
		if err == nil {
			return nil
		}
		if atCapacity(err) {
			return errAtCapacity
		}
		time.Sleep(time.Second)
	}
	return errRunFailed
}

// runRetriedExhausted returns its sentinel once the retries are spent.
func runRetriedExhausted(c *http.Client) error {
	for i := 0; i < 3; i++ {
		if err := postRun(c); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errRunFailed
}

// runRetriedStored keeps the sentinel and returns it after the loop too.
func runRetriedStored(c *http.Client) error {
	var last error
	for i := 0; i < 3; i++ {
		err := postRun(c)
		if err == nil {
			return nil
		}
		if atCapacity(err) {
			return errAtCapacity
		}
		last = errAtCapacity
		time.Sleep(time.Second)
	}
	return last
}

// Look-alike: the outer loop goes round only on errAtCapacity, which the
// inner layer never retries.
func scheduleWhenFree(c *http.Client) error {
	for {
		err := runRetried(c)
		if errors.Is(err, errAtCapacity) {
			time.Sleep(5 * time.Second)
			continue
		}
		return err
	}
}

// Look-alike: the same with ==.
func scheduleWhenFreeEq(c *http.Client) error {
	for i := 0; i < 10; i++ {
		err := runRetried(c)
		if err != errAtCapacity {
			return err
		}
		time.Sleep(5 * time.Second)
	}
	return errAtCapacity
}

func scheduleAnyError(c *http.Client) error {
	var err error
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) around runRetried, which retries on its own`
		if err = runRetried(c); err == nil {
			return nil
		}
		time.Sleep(5 * time.Second)
	}
	return err
}

func scheduleOnExhausted(c *http.Client) error {
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) around runRetriedExhausted, which retries on its own`
		err := runRetriedExhausted(c)
		if !errors.Is(err, errRunFailed) {
			return err
		}
		time.Sleep(5 * time.Second)
	}
	return errRunFailed
}

func scheduleOnStored(c *http.Client) error {
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) around runRetriedStored, which retries on its own`
		err := runRetriedStored(c)
		if !errors.Is(err, errAtCapacity) {
			return err
		}
		time.Sleep(5 * time.Second)
	}
	return errAtCapacity
}
