package nojitter

import (
	"context"
	"errors"
	mrand "math/rand"
	"net/http"
	"time"

	"nojitter/timerchan"
)

// A receive from a helper's channel that its timer of the duration
// parameter feeds waits what the caller hands the helper: a doubling
// argument is a backoff without jitter.

// afterOrDone delivers the time once d has passed, or closes the channel
// when ctx is done first.
func afterOrDone(ctx context.Context, d time.Duration) <-chan time.Time {
	t := time.NewTimer(d)
	ch := make(chan time.Time, 1)
	go func() {
		defer t.Stop()
		select {
		case <-ctx.Done():
			close(ch)
		case v := <-t.C:
			ch <- v
		}
	}()
	return ch
}

func redialDoubling(ctx context.Context, c *http.Client) {
	d := time.Second
	for { // want `retry backoff d grows but has no jitter`
		<-afterOrDone(ctx, d)
		if ctx.Err() != nil {
			return
		}
		if err := fetch(ctx, c, "http://svc/redial"); err == nil {
			return
		}
		d = min(d*2, maxWait)
	}
}

// The helper of another package: its fact says its channel fires by d.
func redialDoublingOther(ctx context.Context, c *http.Client) error {
	d := time.Second
	for i := 0; i < 8; i++ { // want `retry backoff d grows but has no jitter`
		if err := fetch(ctx, c, "http://svc/other-chan"); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-timerchan.After(ctx, d):
		}
		d *= 2
	}
	return errors.New("gave up")
}

// ---- look-alikes ----

func redialJittered(ctx context.Context, c *http.Client) {
	d := time.Second
	for {
		<-afterOrDone(ctx, d+time.Duration(mrand.Int63n(int64(d))))
		if ctx.Err() != nil {
			return
		}
		if err := fetch(ctx, c, "http://svc/redial-jitter"); err == nil {
			return
		}
		d = min(d*2, maxWait)
	}
}

// The clock's channel is fed by its owner, not by a timer of d.
func redialOnClock(ctx context.Context, c *http.Client, clk *timerchan.Clock) error {
	d := time.Second
	for i := 0; i < 8; i++ {
		if err := fetch(ctx, c, "http://svc/clock"); err == nil {
			return nil
		}
		<-clk.After(ctx, d)
		d *= 2
	}
	return errors.New("gave up")
}
