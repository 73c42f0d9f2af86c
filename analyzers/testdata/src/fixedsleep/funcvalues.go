package fixedsleep

import (
	"errors"
	"time"
)

// A call through a func value that returns no error may wait: the loop is not
// "trying again at once", and nothing is said about the length of the wait.

var sleep = time.Sleep // swapped in tests

var errLocked = errors.New("locked")

// GOOD: waits i*5s through a package-level variable holding time.Sleep.
func withLockRetry(n int) error {
	var err error
	for i := 0; i < n; i++ {
		if i > 0 {
			sleep(time.Duration(i) * 5 * time.Second)
		}
		if err = call(); err == nil || !errors.Is(err, errLocked) {
			return err
		}
	}
	return err
}

type pacer struct{ pause func() }

// GOOD: a pause hook from a field: unknown, not "no wait".
func (p *pacer) retry(n int) error {
	var err error
	for i := 0; i < n; i++ {
		if err = call(); err == nil || !errors.Is(err, errLocked) {
			return err
		}
		p.pause()
	}
	return err
}

// Look-alikes that stay reported.

// No wait at all.
func withLockRetryNoWait(n int) error {
	var err error
	for i := 0; i < n; i++ { // want `retry loop tries again at once after a failure`
		if err = call(); err == nil || !errors.Is(err, errLocked) {
			return err
		}
	}
	return err
}

// The func value returns an error: it is the attempt, not a wait.
func retryOp(op func() error, n int) error {
	var err error
	for i := 0; i < n; i++ { // want `retry loop tries again at once after a failure`
		if err = op(); err == nil || !errors.Is(err, errLocked) {
			return err
		}
	}
	return err
}
