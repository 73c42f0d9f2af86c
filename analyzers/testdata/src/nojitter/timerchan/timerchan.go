// Package timerchan holds helpers that return a channel: one its timer of
// the duration parameter feeds, one fed by something else.
package timerchan

import (
	"context"
	"time"
)

// After delivers the time once d has passed, or closes the channel when ctx
// is done first.
func After(ctx context.Context, d time.Duration) <-chan time.Time {
	out := make(chan time.Time, 1)
	go func() {
		t := time.NewTimer(d)
		defer t.Stop()
		select {
		case <-ctx.Done():
			close(out)
		case now := <-t.C:
			out <- now
		}
	}()
	return out
}

// Clock hands out ticks its owner sends.
type Clock struct{ ticks chan time.Time }

// After ignores d: the channel fires when the owner advances the clock.
func (c *Clock) After(ctx context.Context, d time.Duration) <-chan time.Time {
	return c.ticks
}
