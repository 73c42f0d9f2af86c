// Package retryscoperepeats: which code of a region runs again on a later attempt.
package retryscoperepeats

import (
	"errors"

	"github.com/avast/retry-go/v4"
)

func mark(string) {}

func loop(do, after func() error) error {
	for i := 0; i < 3; i++ {
		mark("before") // want `repeats=true`
		if err := do(); err != nil {
			continue
		}
		mark("success path") // want `repeats=false`
		return after()
	}
	return errors.New("gave up")
}

func callback(do func() error) error {
	return retry.Do(func() error {
		if err := do(); err != nil {
			return err
		}
		mark("callback") // want `repeats=true`
		return nil
	})
}
