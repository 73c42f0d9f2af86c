// Package owntimer is a shared fixture: the rules it names judge the same
// code, and each line says which of them report it (analyzers'
// TestSharedFixtures).
//
// rules: fixedsleep unboundedretry
package owntimer

import (
	"errors"
	"net"
	"time"
)

// A goroutine's retry loop that leaves on <-cancel each round is bounded when
// the function that made cancel sends on it (or closes it) in its own
// select's timer case: the stop is the function's own deadline. A dial until
// it connects, within that limit, is a readiness wait: its constant pace
// between probes is not reported either.

var errDialTimeout = errors.New("dial timed out")

// Quiet: cancel is sent when the function's own time.After fires.
func dialWithin(addr string, limit time.Duration) error {
	ok := make(chan struct{}, 1)
	cancel := make(chan struct{}, 1)
	go func() {
		for {
			select {
			case <-cancel:
				return
			default:
				conn, err := net.Dial("tcp", addr)
				if err != nil {
					time.Sleep(time.Second)
					continue
				}
				conn.Close()
				ok <- struct{}{}
				return
			}
		}
	}()
	select {
	case <-ok:
		return nil
	case <-time.After(limit):
		cancel <- struct{}{}
		return errDialTimeout
	}
}

// Quiet: the same stop closed in a timer's case.
func dialWithinTimer(addr string, limit time.Duration) error {
	ok := make(chan struct{}, 1)
	stop := make(chan struct{})
	t := time.NewTimer(limit)
	defer t.Stop()
	go func() {
		for {
			select {
			case <-stop:
				return
			default:
			}
			if conn, err := net.Dial("tcp", addr); err == nil {
				conn.Close()
				ok <- struct{}{}
				return
			}
			time.Sleep(time.Second)
		}
	}()
	select {
	case <-ok:
		return nil
	case <-t.C:
		close(stop)
		return errDialTimeout
	}
}

// Look-alike: the stop is sent only when the caller's done channel fires,
// not on a timer of the function's own.
func dialUntilDone(addr string, done <-chan struct{}) error {
	ok := make(chan struct{}, 1)
	cancel := make(chan struct{}, 1)
	go func() {
		for { // reports: fixedsleep
			select {
			case <-cancel:
				return
			default:
				conn, err := net.Dial("tcp", addr)
				if err != nil {
					time.Sleep(time.Second)
					continue
				}
				conn.Close()
				ok <- struct{}{}
				return
			}
		}
	}()
	select {
	case <-ok:
		return nil
	case <-done:
		cancel <- struct{}{}
		return errDialTimeout
	}
}
