package fixedsleep

import (
	"errors"
	"net"
	"time"
)

var errProbeTimeout = errors.New("probe timed out")

// A readiness wait: a goroutine dials until it connects, and leaves on
// <-cancel, which the function that made cancel sends when its own
// time.After fires: an elapsed-time limit of its own, so the constant pace
// between probes is not reported.
func waitListening(addr string, limit time.Duration) error {
	ok := make(chan struct{}, 1)
	cancel := make(chan struct{}, 1)
	go func() {
		for {
			select {
			case <-cancel:
				return
			default:
				conn, err := net.DialTimeout("tcp", addr, time.Second)
				if err != nil {
					time.Sleep(2 * time.Second)
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
		return errProbeTimeout
	}
}

// Look-alike: cancel is sent only when the caller's done channel fires; no
// limit of the function's own makes it a readiness wait.
func waitListeningUntil(addr string, done <-chan struct{}) error {
	ok := make(chan struct{}, 1)
	cancel := make(chan struct{}, 1)
	go func() {
		for { // want `waits the same 2 \* time.Second`
			select {
			case <-cancel:
				return
			default:
				conn, err := net.DialTimeout("tcp", addr, time.Second)
				if err != nil {
					time.Sleep(2 * time.Second)
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
		return errProbeTimeout
	}
}
