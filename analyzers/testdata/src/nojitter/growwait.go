package nojitter

import (
	"context"
	mrand "math/rand"
	"time"
)

// A wait that grows without a random part, whatever decides the retry (a
// package function or a func value), whatever grows it (an update under a cap
// test, a clamped copy handed to a timer, the for post statement, a timer
// variable or a closure that returns the timer).

const growMax = 30 * time.Second

func transient(err error) bool { return err != nil }

func growRetry(job func() error) error {
	w := time.Second
	var err error
	for w < growMax { // want `retry backoff w grows but has no jitter`
		if err = job(); err == nil {
			w = time.Second
			break
		}
		if !transient(err) {
			break
		}
		time.Sleep(w)
		w += w / 2
	}
	return err
}

func growRetryIf(ok func(error) bool) error {
	w := time.Second
	var err error
	for w < growMax { // want `retry backoff w grows but has no jitter`
		if err = call(); err == nil {
			break
		}
		if !ok(err) {
			break
		}
		time.Sleep(w)
		w += w / 2
	}
	return err
}

func growUnderCap(onErr func(error) bool) error {
	w := time.Second
	for { // want `retry backoff w grows but has no jitter`
		if err := call(); err == nil {
			return nil
		} else if onErr(err) {
			time.Sleep(w)
			if w < growMax {
				w += w / 2
			}
			continue
		} else {
			return err
		}
	}
}

func growClampedTimer(ctx context.Context) error {
	w := time.Second
	for i := 0; i < 20; i++ { // want `retry backoff s grows but has no jitter`
		if err := callCtx(ctx); err == nil {
			return nil
		}
		s := w
		if s > growMax {
			s = growMax
		}
		t := time.NewTimer(s)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
		w += w / 2
	}
	return nil
}

func growForPost(ctx context.Context, urls []string) error {
	var err error
	for w := time.Second; w < growMax; w += w / 2 { // want `retry backoff w grows but has no jitter`
		for _, u := range urls {
			if err = fetchURL(ctx, u); err == nil {
				return nil
			}
		}
		t := time.NewTimer(w)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
	}
	return err
}

func fetchURL(ctx context.Context, u string) error { reach(); return nil }

func growTimerVar(ctx context.Context) error {
	d := 2 * time.Second
	for i := 0; i < 20; i++ { // want `retry backoff d grows but has no jitter`
		if err := callCtx(ctx); err == nil {
			return nil
		}
		t := time.NewTimer(d)
		d = min(d*2, time.Minute)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
	}
	return nil
}

func growTimerClosure(ctx context.Context) error {
	d := 2 * time.Second
	backoff := func() *time.Timer {
		t := time.NewTimer(d)
		d *= 2
		if d > time.Minute {
			d = time.Minute
		}
		return t
	}
	for i := 0; i < 20; i++ { // want `retry backoff d grows but has no jitter`
		if err := callCtx(ctx); err == nil {
			return nil
		}
		t := backoff()
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
	}
	return nil
}

// ---- look-alikes ----

func growJitteredCopy(ctx context.Context) error {
	w := time.Second
	for i := 0; i < 20; i++ {
		if err := callCtx(ctx); err == nil {
			return nil
		}
		s := time.Duration(mrand.Int63n(int64(w)))
		t := time.NewTimer(s)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
		w *= 2
	}
	return nil
}

func growJitteredClosure(ctx context.Context) error {
	d := 2 * time.Second
	backoff := func() *time.Timer {
		t := time.NewTimer(d/2 + time.Duration(mrand.Int63n(int64(d/2))))
		d = min(d*2, time.Minute)
		return t
	}
	for i := 0; i < 20; i++ {
		if err := callCtx(ctx); err == nil {
			return nil
		}
		t := backoff()
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
	}
	return nil
}

func growGivenTimer(ctx context.Context, next func() *time.Timer) error {
	for i := 0; i < 20; i++ {
		if err := callCtx(ctx); err == nil {
			return nil
		}
		t := next()
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
	}
	return nil
}

func steadyVerdict(f func() (bool, error)) error {
	for {
		again, err := f()
		if !again {
			return err
		}
		time.Sleep(time.Second)
	}
}

func failoverNoWait(ctx context.Context, urls []string) error {
	var err error
	for _, u := range urls {
		if err = fetchURL(ctx, u); err == nil {
			return nil
		}
	}
	return err
}

// A growing wait whose total over a constant attempt limit is short (attempts
// times the largest wait under 5 s) is a few quick tries, not a herd's pace.

func shortTries(ctx context.Context) error {
	for a := 1; a <= 3; a++ {
		if err := callCtx(ctx); err == nil {
			return nil
		}
		if a == 3 {
			break
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Duration(a) * 250 * time.Millisecond):
		}
	}
	return nil
}

func shortTriesEachTimed(ctx context.Context) error {
	for a := 1; a <= 3; a++ {
		tctx, cancel := context.WithTimeout(ctx, time.Second)
		err := callCtx(tctx)
		cancel()
		if err == nil {
			return nil
		}
		if a == 3 {
			break
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Duration(a) * 250 * time.Millisecond):
		}
	}
	return nil
}

func shortShift() error {
	var err error
	for i := 0; i < 3; i++ {
		if err = call(); err == nil {
			return nil
		}
		time.Sleep(100 * time.Millisecond << i)
	}
	return err
}

func shortCapped() error {
	var err error
	d := 100 * time.Millisecond
	for i := 0; i < 4; i++ {
		if err = call(); err == nil {
			return nil
		}
		time.Sleep(d)
		d = min(d*2, time.Second)
	}
	return err
}

// Still reported: the total is long, or one of its bounds is not a constant.

func longShift() error {
	var err error
	for i := 0; i < 8; i++ { // want `retry backoff 100 \* time.Millisecond << i grows but has no jitter`
		if err = call(); err == nil {
			return nil
		}
		time.Sleep(100 * time.Millisecond << i)
	}
	return err
}

func shortWaitsManyTries() error {
	var err error
	d := 100 * time.Millisecond
	for i := 0; i < 10; i++ { // want `retry backoff d grows but has no jitter`
		if err = call(); err == nil {
			return nil
		}
		time.Sleep(d)
		d = min(d*2, time.Second)
	}
	return err
}

func shortShiftGivenTries(tries int) error {
	var err error
	for i := 0; i < tries; i++ { // want `retry backoff 100 \* time.Millisecond << i grows but has no jitter`
		if err = call(); err == nil {
			return nil
		}
		time.Sleep(100 * time.Millisecond << i)
	}
	return err
}

func uncappedDoubling() error {
	var err error
	d := 100 * time.Millisecond
	for i := 0; i < 3; i++ { // want `retry backoff d grows but has no jitter`
		if err = call(); err == nil {
			return nil
		}
		time.Sleep(d)
		d *= 2
	}
	return err
}

// A clamp (if s > limit { s = limit }) only shortens the wait it caps: a
// deadline's remaining time is no random part, a random limit is.

func growClampedToDeadline(ctx context.Context, shouldRetry func(error) bool, maxDuration time.Duration) error {
	w := time.Second
	deadline := time.Now().Add(maxDuration)
	for { // want `retry backoff s grows but has no jitter`
		err := callCtx(ctx)
		if err == nil {
			return nil
		}
		if !shouldRetry(err) {
			return err
		}
		remaining := time.Until(deadline)
		if remaining <= 0 {
			return err
		}
		s := w
		if s > growMax {
			s = growMax
		}
		if s > remaining {
			s = remaining
		}
		t := time.NewTimer(s)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
		w += w / 2
	}
}

func growClampedAtRandom(ctx context.Context) error {
	w := time.Second
	for i := 0; i < 20; i++ {
		if err := callCtx(ctx); err == nil {
			return nil
		}
		s := w
		if limit := time.Duration(mrand.Int63n(int64(growMax))); s > limit {
			s = limit
		}
		ceiling := time.Duration(mrand.Int63n(int64(w)))
		if s > ceiling {
			s = ceiling
		}
		t := time.NewTimer(s)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
		w *= 2
	}
	return nil
}

// A nested failover is a round's attempt only in a for loop whose condition
// bounds the rounds: an endless for over the seed servers, or a range over
// addresses each tried through its candidates, is claimed for no round.

func failoverForever(urls []string) {
	d := time.Second
	for {
		for _, u := range urls {
			if err := fetchURL(context.Background(), u); err == nil {
				return
			}
		}
		time.Sleep(d)
		d *= 2
	}
}

func failoverOfFailovers(ctx context.Context, hosts [][]string) error {
	var err error
	d := time.Second
	for _, candidates := range hosts {
		for _, u := range candidates {
			if err = fetchURL(ctx, u); err == nil {
				return nil
			}
		}
		time.Sleep(d)
		d *= 2
	}
	return err
}

// The total is summed round by round, each wait at its round's counter, and a
// wait under a test of the counter counts only in the rounds the test lets
// through: 1 s + 2 s here, with no wait after the last try.

func guardedCounterWait(ctx context.Context) error {
	const maxTries = 3
	var err error
	for attempt := 1; attempt <= maxTries; attempt++ {
		if err = callCtx(ctx); err == nil {
			return nil
		}
		if attempt < maxTries {
			time.Sleep(time.Duration(attempt) * time.Second)
			continue
		}
	}
	return err
}

// Without the test the third round waits too, but no call follows that
// wait: the calls are 1 s and 2 s apart all the same. With more rounds the
// waits add up (1+...+5 = 15 s) and are reported.

func unguardedCounterWait(ctx context.Context) error {
	const maxTries = 3
	var err error
	for attempt := 1; attempt <= maxTries; attempt++ {
		if err = callCtx(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Duration(attempt) * time.Second)
	}
	return err
}

func guardedCounterWaitFiveTries(ctx context.Context) error {
	const maxTries = 6
	var err error
	for attempt := 1; attempt <= maxTries; attempt++ { // want `retry backoff time.Duration\(attempt\) \* time.Second grows but has no jitter`
		if err = callCtx(ctx); err == nil {
			return nil
		}
		if attempt < maxTries {
			time.Sleep(time.Duration(attempt) * time.Second)
		}
	}
	return err
}
