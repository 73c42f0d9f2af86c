package retryall

import (
	"errors"
	"time"

	"github.com/matryer/try"
)

// matryer/try goes round while the callback answers true.

func matryerEveryError() error {
	return try.Do(func(attempt int) (bool, error) { // want `try.Do retries every error the callback returns: return retry false for errors that cannot succeed`
		err := send()
		if err != nil {
			time.Sleep(time.Second)
		}
		return true, err
	})
}

// Look-alikes: a callback that gives up on a permanent error, one that never
// goes round on a failure, and one whose answer is out of reach.

func matryerGivesUp() error {
	return try.Do(func(attempt int) (bool, error) {
		err := send()
		if errors.Is(err, ErrNotFound) {
			return false, err
		}
		return true, err
	})
}

func matryerOnce() error {
	return try.Do(func(attempt int) (bool, error) {
		return false, send()
	})
}

func matryerFuncValue(fn try.Func) error {
	return try.Do(fn)
}

// A verdict that compares the attempt number with a limit goes round on
// every failure until the limit.

type mqConfig struct{ attempts int }

func matryerAttemptBound(c *mqConfig) error {
	var conn int
	err := try.Do(func(attempt int) (bool, error) { // want `try.Do retries every error the callback returns`
		var err error
		conn, err = dial()
		if err != nil {
			time.Sleep(time.Second)
		}
		return attempt < c.attempts, err
	})
	_ = conn
	return err
}

func dial() (int, error) { reach(); return 0, nil }

// Look-alike: a verdict on another number (a status) may tell failures apart.
func matryerStatusVerdict() error {
	return try.Do(func(attempt int) (bool, error) {
		status, err := dial()
		return status < 500, err
	})
}

// Look-alike: a poll. The error the callback returns is made where the call
// succeeded (the object is still there): it says "not yet", not a failure.
func matryerPollsUntilGone(c *mqConfig) error {
	return try.Do(func(attempt int) (bool, error) {
		var stillThere error
		_, err := dial()
		if err != nil {
			stillThere = nil
		} else {
			time.Sleep(time.Second)
			stillThere = errors.New("still there")
		}
		return attempt < c.attempts, stillThere
	})
}

// The same variable given the call's failure is a retry of that failure.
func matryerRetriesMissing(c *mqConfig) error {
	return try.Do(func(attempt int) (bool, error) { // want `try.Do retries every error the callback returns`
		var missing error
		_, err := dial()
		if err != nil {
			time.Sleep(time.Second)
			missing = errors.New("not there yet")
		}
		return attempt < c.attempts, missing
	})
}
