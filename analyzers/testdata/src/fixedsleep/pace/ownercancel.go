package pace

import (
	"context"
	"time"
)

// A context whose cancel the owner's stop calls is the owner's stop signal
// (retryscope owner_cancel.go): a loop that reads it in an exit paces one
// process like any owner's loop. One that only hands it to its attempt does
// not read the stop itself: its wait stays judged.

type subscription struct {
	stop chan struct{}
}

// GOOD: the owner-cancelled context ends the loop's wait.
func (s *subscription) resubscribe() {
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		<-s.stop
		cancel()
	}()
	for {
		if err := sendCtx(ctx); err == nil {
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Second):
		}
	}
}

// The attempt alone takes the owner-cancelled context.
func (s *subscription) receive() {
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		<-s.stop
		cancel()
	}()
	for { // want `retry loop waits the same time.Second before every attempt`
		if err := sendCtx(ctx); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

// No wait at all, as before.
func (s *subscription) receiveAtOnce() {
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		<-s.stop
		cancel()
	}()
	for { // want `retry loop tries again at once after a failure`
		if err := sendCtx(ctx); err == nil {
			return
		}
	}
}
