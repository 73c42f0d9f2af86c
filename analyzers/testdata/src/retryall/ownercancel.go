package retryall

import (
	"context"
	"time"
)

// A context whose cancel the owner's stop calls is the owner's stop signal.
// A loop that reads it in an exit is the owner's loop, quiet like one that
// reads the owner's channel. A loop that only hands it to its attempt ends
// through the attempt when the owner stops, but the loop itself never looks
// at the stop: it still retries every error the attempt gave up on, and stays
// reported.

type consumer struct {
	stop chan struct{}
}

func (c *consumer) receive(context.Context) error { reach(); return nil }

// GOOD: the cancelled context ends the loop in a select case.
func (c *consumer) reconnectUntilStopped() {
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		<-c.stop
		cancel()
	}()
	for {
		if err := c.receive(ctx); err == nil {
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Second):
		}
	}
}

// The attempt takes the owner-cancelled context; nothing else looks at it.
func (c *consumer) receiveUntilStopped() {
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		<-c.stop
		cancel()
	}()
	for { // want `retry loop retries every error alike`
		err := c.receive(ctx)
		if err == nil {
			break
		}
		continue
	}
}
