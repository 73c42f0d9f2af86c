package nojitter

import "time"

// A count that only the package's calls fill, each with a constant, is the
// package's count: the waits are summed round by round up to the largest.

// GOOD: every call passes 3: 0.1 + 0.2 + 0.3 s of waiting.
func pcResend(n int) error {
	var err error
	for i := 0; i < n; i++ {
		if err = call(); err == nil {
			return nil
		}
		time.Sleep(100 * time.Millisecond * time.Duration(i+1))
	}
	return err
}

func pcResendThree() error { return pcResend(3) }

// BAD: a call passes 30: 46.5 s of waiting in step with every other client.
func pcResendLong(n int) error {
	var err error
	for i := 0; i < n; i++ { // want `grows but has no jitter`
		if err = call(); err == nil {
			return nil
		}
		time.Sleep(100 * time.Millisecond * time.Duration(i+1))
	}
	return err
}

func pcResendShort() error { return pcResendLong(3) }
func pcResendMany() error  { return pcResendLong(30) }
