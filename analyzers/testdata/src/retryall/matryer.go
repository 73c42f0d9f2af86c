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
