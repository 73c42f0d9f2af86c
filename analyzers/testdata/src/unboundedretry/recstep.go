package unboundedretry

import (
	"errors"
	"time"
)

var errThreshold = errors.New("retry threshold reached")

// A recursion that steps its count parameter before any attempt, returns
// once it is spent, and passes it on to every call of itself is counted,
// like one that calls itself with n-1.
func waitStepped(n int) error {
	n--
	if n < 0 {
		return errThreshold
	}
	if err := dialOnce(); err != nil {
		time.Sleep(time.Second)
		return waitStepped(n)
	}
	return nil
}

// The same with n -= 1 and n = n - 1.
func waitSteppedBy(n int) error {
	n -= 1
	if n < 0 {
		return errThreshold
	}
	if err := dialOnce(); err != nil {
		time.Sleep(time.Second)
		return waitSteppedBy(n)
	}
	return nil
}

func waitSteppedAssign(n int) error {
	if n <= 0 {
		return errThreshold
	}
	n = n - 1
	if err := dialOnce(); err != nil {
		time.Sleep(time.Second)
		return waitSteppedAssign(n)
	}
	return nil
}

// Look-alike: the count is tested but never stepped: passed on as it is,
// it never runs out.
func waitUnstepped(n int) error {
	if n < 0 {
		return errThreshold
	}
	if err := dialOnce(); err != nil {
		time.Sleep(time.Second)
		return waitUnstepped(n) // want `recursive retry has no attempt limit and no deadline`
	}
	return nil
}

// Look-alike: the count is reset, not stepped.
func waitReset(n int) error {
	if n < 0 {
		return errThreshold
	}
	n = 3
	if err := dialOnce(); err != nil {
		time.Sleep(time.Second)
		return waitReset(n) // want `recursive retry has no attempt limit and no deadline`
	}
	return nil
}
