package fixedsleep

import "time"

// A count that is a parameter of a function only its package can call, and
// that every call fills with a constant, is the package's count: 3 rounds
// 100 ms apart are a few quick tries.

// GOOD: every call passes 3.
func dialUpTo(addr string, tries int) error {
	var err error
	for i := 0; i < tries; i++ {
		if err = dial(addr); err == nil {
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return err
}

func dialPrimary() error   { return dialUpTo("primary:80", 3) }
func dialSecondary() error { return dialUpTo("secondary:80", 3) }

// BAD: one call asks for 10 rounds.
func dialAtMost(addr string, tries int) error {
	var err error
	for i := 0; i < tries; i++ { // want `retry loop waits the same 100 \* time.Millisecond before every attempt`
		if err = dial(addr); err == nil {
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return err
}

func dialFew() error  { return dialAtMost("a:80", 3) }
func dialMany() error { return dialAtMost("b:80", 10) }

// BAD: exported, so callers out of sight choose the count.
func DialTimes(addr string, tries int) error {
	var err error
	for i := 0; i < tries; i++ { // want `retry loop waits the same 100 \* time.Millisecond before every attempt`
		if err = dial(addr); err == nil {
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return err
}

func dialTimesTwice() error { return DialTimes("c:80", 3) }

// BAD: handed on as a value, so its calls are out of sight.
func dialCounted(addr string, tries int) error {
	var err error
	for i := 0; i < tries; i++ { // want `retry loop waits the same 100 \* time.Millisecond before every attempt`
		if err = dial(addr); err == nil {
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return err
}

var dialer = dialCounted

func dialThree() error { return dialCounted("d:80", 3) }

type countedRedialer interface {
	redial(addr string, tries int) error
}

type hostDialer struct{}

// BAD: an interface of the package names the method: a call through it
// passes any count.
func (hostDialer) redial(addr string, tries int) error {
	var err error
	for i := 0; i < tries; i++ { // want `retry loop waits the same 100 \* time.Millisecond before every attempt`
		if err = dial(addr); err == nil {
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return err
}

func redialThree(h hostDialer) error { return h.redial("e:80", 3) }

func redialAny(r countedRedialer, n int) error { return r.redial("f:80", n) }
