// Package failcount is a shared fixture: the rules it names judge the same
// code, and each line says which of them report it (analyzers'
// TestSharedFixtures).
//
// rules: fixedsleep sleepnoctx nojitter unboundedretry
package failcount

import (
	"errors"
	"net"
	"time"
)

var errBusy = errors.New("busy")

type probe struct{ addr string }

func (p *probe) read() (int, error) {
	c, err := net.Dial("tcp", p.addr)
	if err != nil {
		return 0, err
	}
	defer c.Close()
	b := make([]byte, 1)
	if _, err := c.Read(b); err != nil {
		return 0, err
	}
	return int(b[0]), nil
}

// An endless loop whose failure branch counts its failures and leaves past a
// constant has a constant attempt limit: it waits 1+2+3+4+5 ms in all.
func (p *probe) countedFailures() int {
	n := 0
	for {
		v, err := p.read()
		if err != nil {
			n++
			if n > 5 {
				return 0
			}
			time.Sleep(time.Duration(n) * time.Millisecond)
			continue
		}
		return v
	}
}

// The same with n += 1, the test written the other way round, and the test
// after the wait.
func (p *probe) countedAfterWait() int {
	failures := 1
	for {
		v, err := p.read()
		if err == nil {
			return v
		}
		failures += 1
		time.Sleep(time.Duration(failures) * time.Millisecond)
		if 5 <= failures {
			return 0
		}
	}
}

// A constant short wait over five rounds is a few quick tries.
func (p *probe) countedConstantWait() int {
	n := 0
	for {
		v, err := p.read()
		if err != nil {
			n++
			if n >= 6 {
				return 0
			}
			time.Sleep(time.Millisecond)
			continue
		}
		return v
	}
}

// Fifty rounds 1 s apart: 50 s without noticing a cancellation.
func (p *probe) countedLong() int {
	n := 0
	for { // reports: fixedsleep sleepnoctx
		v, err := p.read()
		if err != nil {
			n++
			if n > 50 {
				return 0
			}
			time.Sleep(time.Second)
			continue
		}
		return v
	}
}

// Fifty rounds whose wait grows with the count: 1+2+...+50 × 100 ms.
func (p *probe) countedGrowing() int {
	n := 0
	for { // reports: nojitter sleepnoctx
		v, err := p.read()
		if err != nil {
			n++
			if n > 50 {
				return 0
			}
			time.Sleep(time.Duration(n) * 100 * time.Millisecond)
			continue
		}
		return v
	}
}

// A counter reset on another failure kind bounds nothing: busy answers go
// round for ever.
func (p *probe) resetOnBusy() int {
	n := 0
	for { // reports: unboundedretry nojitter sleepnoctx
		v, err := p.read()
		if err == nil {
			return v
		}
		if errors.Is(err, errBusy) {
			n = 0
		} else {
			n++
			if n > 5 {
				return 0
			}
		}
		time.Sleep(time.Duration(n+1) * time.Millisecond)
	}
}

// A count that busy answers skip bounds nothing: they go round for ever.
func (p *probe) busyUncounted() int {
	n := 0
	for { // reports: nojitter sleepnoctx
		time.Sleep(time.Duration(n) * time.Millisecond)
		v, err := p.read()
		if err == nil {
			return v
		}
		if errors.Is(err, errBusy) {
			continue
		}
		n++
		if n > 5 {
			return 0
		}
	}
}

// A count that starts where the caller says has no known number of rounds.
func (p *probe) countedFromCaller(done int) int {
	for { // reports: nojitter sleepnoctx
		v, err := p.read()
		if err != nil {
			done++
			if done > 5 {
				return 0
			}
			time.Sleep(time.Duration(done) * time.Millisecond)
			continue
		}
		return v
	}
}

// readSome reads what it can: a failed read may still have made progress.
func (p *probe) readSome(buf []byte) (int, error) {
	c, err := net.Dial("tcp", p.addr)
	if err != nil {
		return 0, err
	}
	defer c.Close()
	return c.Read(buf)
}

// A count reset when a failed read still made progress counts failures in a
// row: it is the loop's bound. Fifty rounds 1 s apart are long, though.
func (p *probe) resetOnProgress(buf []byte) error {
	failures := 0
	for { // reports: fixedsleep sleepnoctx
		n, err := p.readSome(buf)
		if err == nil {
			return nil
		}
		if n > 0 {
			failures = 0
		}
		failures++
		if failures > 50 {
			return err
		}
		time.Sleep(time.Second)
	}
}
