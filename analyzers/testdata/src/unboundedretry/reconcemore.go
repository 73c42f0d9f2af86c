package unboundedretry

import (
	"errors"
	"time"
)

var errNoSecure = errors.New("secure transport not offered")

// A recursion whose self-call sits under a test of a flag parameter and
// hands it the constant that fails that test runs at most twice: the second
// call cannot reach the self-call again.
func probeOnceMore(key string, again bool) error {
	err := sendKey(key)
	if err != nil && again {
		time.Sleep(time.Second)
		return probeOnceMore(key, false)
	}
	return err
}

// Look-alike: the flag is handed on as it is: the test stays true.
func probeFlagPassed(key string, again bool) error {
	err := sendKey(key)
	if err != nil && again {
		time.Sleep(time.Second)
		return probeFlagPassed(key, again) // want `recursive retry has no attempt limit and no deadline`
	}
	return err
}

// Look-alike: the constant handed on passes the test.
func probeFlagTrue(key string, again bool) error {
	err := sendKey(key)
	if err != nil && again {
		time.Sleep(time.Second)
		return probeFlagTrue(key, true) // want `recursive retry has no attempt limit and no deadline`
	}
	return err
}

func sendKey(key string) error { reach(); return nil }

// A recursion whose way to the self-call sets what its guard tests to a
// value that fails the guard, in a map it hands on, runs at most twice.
func openDowngrade(opts map[string]string) error {
	err := openWith(opts)
	if err == nil {
		return nil
	}
	if errors.Is(err, errNoSecure) && opts["secure"] == "" {
		opts["secure"] = "off"
		defer delete(opts, "secure")
		return openDowngrade(opts)
	}
	return err
}

// The same in a tagless switch, with a reset of the key ahead of the
// attempt under a test the set value fails.
func openDowngradeSwitch(opts map[string]string) error {
	if mode := opts["secure"]; mode == "maybe" {
		delete(opts, "secure")
	}
	err := openWith(opts)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, errNoSecure) && opts["secure"] == "":
		opts["secure"] = "off"
		return openDowngradeSwitch(opts)
	default:
		return err
	}
}

// Look-alike: the way to the self-call sets another key: the guard still
// passes on the next call.
func openOtherKey(opts map[string]string) error {
	err := openWith(opts)
	if err == nil {
		return nil
	}
	if errors.Is(err, errNoSecure) && opts["secure"] == "" {
		opts["mode"] = "off"
		return openOtherKey(opts) // want `recursive retry has no attempt limit and no deadline`
	}
	return err
}

// Look-alike: the value set is the one the guard wants.
func openSameValue(opts map[string]string) error {
	err := openWith(opts)
	if err == nil {
		return nil
	}
	if errors.Is(err, errNoSecure) && opts["secure"] == "" {
		opts["secure"] = ""
		return openSameValue(opts) // want `recursive retry has no attempt limit and no deadline`
	}
	return err
}

// Look-alike: the key is cleared again ahead of the guard on every call.
func openReset(opts map[string]string) error {
	delete(opts, "secure")
	err := openWith(opts)
	if err == nil {
		return nil
	}
	if errors.Is(err, errNoSecure) && opts["secure"] == "" {
		opts["secure"] = "off"
		return openReset(opts) // want `recursive retry has no attempt limit and no deadline`
	}
	return err
}

func openWith(opts map[string]string) error { reach(); return nil }

type downgrader struct{ plain bool }

// A field of the receiver set on the way to the self-call fails the guard
// on the next call.
func (d *downgrader) do() error {
	err := d.attempt()
	if err != nil && !d.plain {
		d.plain = true
		return d.do()
	}
	return err
}

// Look-alike: a local flag is made anew on every call: set before the
// self-call, it is false again on the next.
func (d *downgrader) doLocal() error {
	tried := false
	err := d.attempt()
	if err != nil && !tried {
		tried = true
		return d.doLocal() // want `recursive retry has no attempt limit and no deadline`
	}
	return err
}

// Look-alike: the guard tests something the way to the call does not change.
func (d *downgrader) doUnchanged() error {
	err := d.attempt()
	if err != nil && !d.plain {
		time.Sleep(time.Second)
		return d.doUnchanged() // want `recursive retry has no attempt limit and no deadline`
	}
	return err
}

func (d *downgrader) attempt() error { reach(); return nil }
