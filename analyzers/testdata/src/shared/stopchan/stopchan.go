// Package stopchan is a shared fixture: the rules it names judge the same
// code, and each line says which of them report it (analyzers'
// TestSharedFixtures).
//
// rules: fixedsleep retryall unboundedretry
package stopchan

import (
	"errors"
	"log"
	"net/http"
	"time"
)

// call reaches another system, which may refuse it: its failures are worth
// pacing and bounding.
func call() error {
	resp, err := http.Post("http://beacon.internal:7000/beat", "text/plain", nil)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusNoContent {
		return errors.New(resp.Status)
	}
	return nil
}

// A restart loop whose stop is a channel its owner makes and closes: the
// attempt is handed the channel and serves until it is closed (its loop's
// case on it returns nil, here inside the literal it hands to a helper), and
// the loop ends on the same channel. The owner's close ends it; every
// failure restarts the stream, after a short pause.

type beaconConn struct{}

func (beaconConn) send() error { return call() }

func withBeaconConn(peer string, fn func(beaconConn) error) error {
	return fn(beaconConn{})
}

func beacon(peer string, stop chan struct{}) error {
	return withBeaconConn(peer, func(c beaconConn) error {
		for {
			select {
			case <-stop:
				return nil
			default:
			}
			if err := c.send(); err != nil {
				return err
			}
			time.Sleep(5 * time.Second)
		}
	})
}

// GOOD: restarted until the owner closes stop.
func keepBeaconing(peers <-chan string) {
	var stopPrev chan struct{}
	for peer := range peers {
		if stopPrev != nil {
			close(stopPrev)
		}
		stop := make(chan struct{})
		stopPrev = stop
		go func() {
			for {
				if err := beacon(peer, stop); err == nil {
					break
				} else {
					log.Printf("beacon %s: %v", peer, err)
				}
				time.Sleep(time.Second)
				select {
				case <-stop:
					return
				default:
				}
			}
		}()
	}
}

// BAD: nobody closes stop, so the restart never ends but on success.
func beaconUnclosed(peer string) {
	stop := make(chan struct{})
	for { // reports: fixedsleep retryall unboundedretry
		if err := beacon(peer, stop); err == nil {
			return
		}
		time.Sleep(time.Second)
		select {
		case <-stop:
			return
		default:
		}
	}
}
