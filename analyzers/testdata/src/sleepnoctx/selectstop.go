package sleepnoctx

import (
	"errors"
	"io/fs"
	"net"
	"time"
)

// A wait in a select clause that the select chose over a case that leaves
// on a stop channel: the stop was checked just before the wait, and the
// next round checks it again, so a stop goes unnoticed for one wait at most.

func dialUntilStopped(addr string, d time.Duration) (net.Conn, error) {
	stop, res := make(chan struct{}), make(chan net.Conn, 1)
	go func() {
		for {
			select {
			case <-stop:
				return
			default:
				c, err := net.Dial("unix", addr)
				if isNoent(err) {
					<-time.After(10 * time.Millisecond) // GOOD: checked against stop every round
					continue
				}
				res <- c
				return
			}
		}
	}()
	select {
	case c := <-res:
		return c, nil
	case <-time.After(d):
		close(stop)
		return nil, errors.New("timeout")
	}
}

// BAD: the stop case does not leave the loop: the waits go on.
func dialIgnoringStop(addr string, d time.Duration) (net.Conn, error) {
	stop, res := make(chan struct{}), make(chan net.Conn, 1)
	go func() {
		for { // want `wait between retry attempts ignores the stop channel stop: add a case <-stop to the select`
			select {
			case <-stop:
			default:
			}
			c, err := net.Dial("unix", addr)
			if isNoent(err) {
				<-time.After(10 * time.Millisecond)
				continue
			}
			res <- c
			return
		}
	}()
	select {
	case c := <-res:
		return c, nil
	case <-time.After(d):
		close(stop)
		return nil, errors.New("timeout")
	}
}

func isNoent(err error) bool { return errors.Is(err, fs.ErrNotExist) }
