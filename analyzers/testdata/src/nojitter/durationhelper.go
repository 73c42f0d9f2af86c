package nojitter

import (
	"context"
	"errors"
	mrand "math/rand"
	"net/http"
	"time"

	"nojitter/waitfor"
)

// Shape 7 (a growing wait computed by a helper): a helper whose body waits its
// duration parameter (a select on ctx.Done() and time.After(d), a timer of
// d, a sleep of d) is a wait of what its caller hands it.

// waitFor waits d or until ctx is done.
func waitFor(ctx context.Context, d time.Duration) error {
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(d):
		return nil
	}
}

// nap sleeps d.
func nap(d time.Duration) { time.Sleep(d) }

func growsThroughHelper(ctx context.Context, c *http.Client) error {
	d := 500 * time.Millisecond
	for i := 0; i < 8; i++ { // want `retry backoff d grows but has no jitter`
		if err := fetch(ctx, c, "http://svc/helper"); err == nil {
			return nil
		}
		if err := waitFor(ctx, d); err != nil {
			return err
		}
		d = min(d*2, maxWait)
	}
	return errors.New("gave up")
}

func growsThroughSleepHelper(ctx context.Context, c *http.Client) error {
	for attempt := 0; attempt < 8; attempt++ { // want `retry backoff time.Second << attempt grows but has no jitter`
		if err := fetch(ctx, c, "http://svc/nap"); err == nil {
			return nil
		}
		nap(time.Second << attempt)
	}
	return errors.New("gave up")
}

// The helper of another package: its fact says it waits its parameter.
func growsThroughOtherPackage(ctx context.Context, c *http.Client) error {
	d := time.Second
	for { // want `retry backoff d grows but has no jitter`
		if err := fetch(ctx, c, "http://svc/other"); err == nil {
			return nil
		}
		if err := waitfor.Pause(ctx, d); err != nil {
			return err
		}
		d *= 2
	}
}

type reconnector struct {
	fails int
	stop  waitfor.Signal
}

// A method of another package that ends sooner on its own event: it still
// waits at most d, and d grows the same for every client.
func (r *reconnector) run(ctx context.Context, c *http.Client) {
	for { // want `retry backoff d grows but has no jitter`
		d := time.Duration(r.fails) * 2 * time.Second
		r.fails++
		if err := r.stop.WaitTimeout(ctx, d); err == nil || ctx.Err() != nil {
			return
		}
		if err := fetch(ctx, c, "http://svc/dial"); err == nil {
			return
		}
	}
}

// ---- look-alikes ----

// The caller draws a random part into what it hands the helper.
func jitteredThroughHelper(ctx context.Context, c *http.Client) error {
	d := 500 * time.Millisecond
	for i := 0; i < 8; i++ {
		if err := fetch(ctx, c, "http://svc/jitter"); err == nil {
			return nil
		}
		if err := waitFor(ctx, d+time.Duration(mrand.Int63n(int64(d)))); err != nil {
			return err
		}
		d = min(d*2, maxWait)
	}
	return errors.New("gave up")
}

// The duration is a timeout for the request, not a wait: the loop's wait is
// the constant second.
func growingTimeout(ctx context.Context, c *http.Client) error {
	d := time.Second
	for i := 0; i < 8; i++ {
		err := waitfor.Within(ctx, d, func(ctx context.Context) error { return fetch(ctx, c, "http://svc/within") })
		if err == nil {
			return nil
		}
		d *= 2
		time.Sleep(time.Second)
	}
	return errors.New("gave up")
}

// requestWithin gives the request d to answer, in this package.
func requestWithin(ctx context.Context, c *http.Client, d time.Duration) error {
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	return fetch(ctx, c, "http://svc/timeout")
}

func growingLocalTimeout(ctx context.Context, c *http.Client) error {
	d := time.Second
	for i := 0; i < 8; i++ {
		if err := requestWithin(ctx, c, d); err == nil {
			return nil
		}
		d *= 2
		time.Sleep(time.Second)
	}
	return errors.New("gave up")
}

// waitThenMore waits d and then for a signal of unknown time: not a wait of d.
func waitThenMore(ctx context.Context, d time.Duration, ready <-chan struct{}) {
	time.Sleep(d)
	<-ready
}

func growsThroughLongerWait(ctx context.Context, c *http.Client, ready <-chan struct{}) error {
	d := 500 * time.Millisecond
	for i := 0; i < 8; i++ {
		if err := fetch(ctx, c, "http://svc/longer"); err == nil {
			return nil
		}
		waitThenMore(ctx, d, ready)
		d = min(d*2, maxWait)
	}
	return errors.New("gave up")
}

// waitScaled waits a multiple of d it computes: not its parameter unchanged.
func waitScaled(ctx context.Context, d time.Duration) {
	d = d * time.Duration(1+mrand.Intn(3))
	time.Sleep(d)
}

func growsThroughScaled(ctx context.Context, c *http.Client) error {
	d := 500 * time.Millisecond
	for i := 0; i < 8; i++ {
		if err := fetch(ctx, c, "http://svc/scaled"); err == nil {
			return nil
		}
		waitScaled(ctx, d)
		d = min(d*2, maxWait)
	}
	return errors.New("gave up")
}
