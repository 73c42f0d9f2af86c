package loops

import (
	"errors"
	"log"
	"time"
)

// N4, second shape with a stop channel: the loop's owner makes a channel and
// closes it when the component must end; the attempt is handed that channel
// and serves until it is closed (a loop whose case on it returns nil), and
// the loop takes the same channel as its clean end.

type link struct{ peer string }

func (c *link) send() error { return dialCtx(nil) }

// withLink runs fn on a link and hands back its error.
func withLink(peer string, fn func(*link) error) error {
	return fn(&link{peer: peer})
}

// The serving loop sits in the literal handed to withLink.
func streamStats(peer string, stop chan struct{}) error {
	return withLink(peer, func(c *link) error {
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

func keepStreaming(peers <-chan string) {
	var stopPrev chan struct{}
	for peer := range peers {
		if stopPrev != nil {
			close(stopPrev)
		}
		stop := make(chan struct{})
		stopPrev = stop
		go func() {
			for {
				err := streamStats(peer, stop)
				if err == nil {
					break
				}
				log.Printf("stream to %s: %v", peer, err)
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

// The serving loop is the callee's own, one call further down, and the stop
// is a receive-only parameter of the loop's function, closed by its caller.
func relayEvents(stop <-chan struct{}) error {
	for {
		select {
		case <-stop:
			return nil
		case e := <-events:
			if err := process(e); err != nil {
				return err
			}
		}
	}
}

func relay(stop <-chan struct{}) error { return relayEvents(stop) }

func keepRelaying(stop <-chan struct{}) error {
	for {
		if err := relay(stop); err == nil {
			return nil
		}
		select {
		case <-stop:
			return nil
		case <-time.After(time.Second):
		}
	}
}

// Look-alikes that stay retries.

// Nobody closes the channel: it stops nothing.
func keepStreamingUnclosed(peer string) {
	stop := make(chan struct{})
	for { // want `retry loop classified=false bounded=true`
		if err := streamStats(peer, stop); err == nil {
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

var errStopped = errors.New("stopped")

// The callee reports the stop as an error, which the loop retries.
func relayStopErr(stop <-chan struct{}) error {
	for {
		select {
		case <-stop:
			return errStopped
		case e := <-events:
			if err := process(e); err != nil {
				return err
			}
		}
	}
}

func keepRelayingStopErr(stop <-chan struct{}) error {
	for { // want `retry loop classified=false bounded=true`
		if err := relayStopErr(stop); err == nil {
			return nil
		}
		select {
		case <-stop:
			return nil
		case <-time.After(time.Second):
		}
	}
}

// No serving loop: one select, a request that may give up at the stop.
func fetchOrStopChan(stop <-chan struct{}) error {
	select {
	case <-stop:
		return nil
	case e := <-events:
		return process(e)
	}
}

func fetchUntilOKChan(stop <-chan struct{}) error {
	for { // want `retry loop classified=false bounded=true`
		if err := fetchOrStopChan(stop); err == nil {
			return nil
		}
		select {
		case <-stop:
			return nil
		case <-time.After(time.Second):
		}
	}
}

// The serving loop runs in a goroutine the callee starts: the call itself is
// one request, done before the loop serves.
func dialAndWatch(stop <-chan struct{}) error {
	go func() {
		for {
			select {
			case <-stop:
				return
			case <-events:
			}
		}
	}()
	return dialCtx(nil)
}

func keepDialing(stop <-chan struct{}) error {
	for { // want `retry loop classified=false bounded=true`
		if err := dialAndWatch(stop); err == nil {
			return nil
		}
		select {
		case <-stop:
			return nil
		case <-time.After(time.Second):
		}
	}
}

// The callee's loop ends on a data channel's receive it is handed, not on the
// loop's stop.
func keepRelayingOther(stop, quit <-chan struct{}) error {
	for { // want `retry loop classified=false bounded=true`
		if err := relay(quit); err == nil {
			return nil
		}
		select {
		case <-stop:
			return nil
		case <-time.After(time.Second):
		}
	}
}
