// Package try is a stub of gopkg.in/matryer/try.v1 (github.com/matryer/try under its gopkg.in path) for analysistest: Do
// calls fn again while it returns true and an error, at most MaxRetries times.
package try

import "errors"

var MaxRetries = 10

var errMaxRetriesReached = errors.New("exceeded retry limit")

type Func func(attempt int) (retry bool, err error)

func Do(fn Func) error {
	_, err := fn(1)
	return err
}

func IsMaxRetries(err error) bool { return err == errMaxRetriesReached }
