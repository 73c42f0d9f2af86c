package unboundedretry

// Issue 12, shape 2: a failure path that switches the function value the
// attempt calls (a checker that says "not mine" hands the value to the next
// checker) does another attempt, not the same one again: quiet. The same
// loop calling the same function value again is still reported.

import "errors"

var errNotMine = errors.New("not mine, ask the next checker")

type checkFunc func(v any) error

func remoteCheck(v any) error { reach(); return errNotMine }

func defaultCheck(v any) error { return nil }

type converter struct{ check checkFunc }

func (c *converter) Check(v any) error { reach(); return nil }

// GOOD: on errNotMine the next checker takes over, and the last one always
// answers.
func checkWithFallback(c *converter, v any, custom bool) error {
	check := checkFunc(remoteCheck)
	fallback := custom
again:
	err := check(v)
	switch err {
	case nil:
		return nil
	case errNotMine:
		if fallback {
			fallback = false
			check = c.Check
		} else {
			check = defaultCheck
		}
		goto again
	default:
		return err
	}
}

// BAD: the same checker is asked again and again.
func checkAgain(v any) error {
	check := checkFunc(remoteCheck)
again: // want `retry loop has no attempt limit`
	err := check(v)
	switch err {
	case nil:
		return nil
	case errNotMine:
		goto again
	default:
		return err
	}
}
