package helpergrowth

// A growing wait made by a method that advances a field counter is read as
// growing (jittered when the helper draws a random part); a helper whose wait
// does not read what it advances, or reads its caller's argument, stays a wait
// of unknown length; a poll that slows down on a good answer is no region.

import (
	"context"
	"errors"
	mrand "math/rand"
	"net/http"
	"time"
)

// Shape 7 (issue 12): a growing wait made by a method of the package that
// advances a field counter, and a failure test in the for condition.

const reopenBase = 250 * time.Millisecond

type reopener struct {
	ctx   context.Context
	c     *http.Client
	tries int
	delay time.Duration
}

// backoff counts the attempt and waits base << (tries-1): it grows by the field
// it advances, once per round of its caller.
func (r *reopener) backoff() error {
	r.tries++
	if r.tries > 3 {
		return errors.New("too many tries")
	}
	select {
	case <-r.ctx.Done():
		return r.ctx.Err()
	case <-time.After(reopenBase << (r.tries - 1)):
	}
	return nil
}

// Bounded: backoff's own error ("too many tries") ends the loop.
func (r *reopener) open() error {
	for { // want `retry loop classified=false bounded=true wait=other/grows$`
		if err := fetch(r.ctx, r.c, "http://svc/open"); err == nil {
			return nil
		}
		if err := r.backoff(); err != nil {
			return err
		}
	}
}

// pause doubles a field and sleeps a local computed from it.
func (r *reopener) pause() {
	r.delay *= 2
	d := min(r.delay, maxWait)
	time.Sleep(d)
}

func (r *reopener) openDoubling() error {
	var err error
	for i := 0; i < 5; i++ { // want `retry loop classified=false bounded=true max=5 wait=other/grows$`
		if err = fetch(r.ctx, r.c, "http://svc/open"); err == nil {
			return nil
		}
		r.pause()
	}
	return err
}

// The failure test in the for condition, the attempt counted at the end of
// the body or before the loop.
func condFailure(ctx context.Context, c *http.Client) error {
	err := errors.New("not tried")
	for attempt := 0; err != nil && attempt < 4; attempt++ { // want `wait=sleep/grows ctx=ctx$`
		if err = fetch(ctx, c, "http://svc/cond"); err != nil {
			time.Sleep(time.Duration(1<<attempt) * time.Second)
		}
	}
	return err
}

func condFailureCountedInBody(ctx context.Context, c *http.Client) error {
	err := errors.New("not tried")
	attempt := 0
	for err != nil && attempt < 4 { // want `wait=sleep/grows ctx=ctx$`
		if err = fetch(ctx, c, "http://svc/cond"); err != nil {
			time.Sleep(reopenBase << attempt)
		}
		attempt++
	}
	return err
}

// ---- look-alikes ----

// The helper adds a random part to the grown wait.
func (r *reopener) jitteredBackoff() error {
	r.tries++
	if r.tries > 3 {
		return errors.New("too many tries")
	}
	d := reopenBase << (r.tries - 1)
	select {
	case <-r.ctx.Done():
		return r.ctx.Err()
	case <-time.After(d/2 + time.Duration(mrand.Int63n(int64(d/2)+1))):
	}
	return nil
}

func (r *reopener) openJittered() error {
	for { // want `wait=other/grows/jitter$`
		if err := fetch(r.ctx, r.c, "http://svc/open"); err == nil {
			return nil
		}
		if err := r.jitteredBackoff(); err != nil {
			return err
		}
	}
}

// The helper counts, but its wait does not read the count: a constant pace.
func (r *reopener) steadyBackoff() error {
	r.tries++
	if r.tries > 3 {
		return errors.New("too many tries")
	}
	time.Sleep(reopenBase)
	return nil
}

func (r *reopener) openSteady() error {
	for { // want `wait=other$`
		if err := fetch(r.ctx, r.c, "http://svc/open"); err == nil {
			return nil
		}
		if err := r.steadyBackoff(); err != nil {
			return err
		}
	}
}

// The helper's wait is its caller's argument (wait_durparam.go), here the
// same every round: a constant pace, read in the caller.
func (r *reopener) waitFor(d time.Duration) {
	r.tries++
	time.Sleep(d)
}

func (r *reopener) openGivenWait(d time.Duration) error {
	for i := 0; i < 5; i++ { // want `max=5 wait=other/const$`
		if err := fetch(r.ctx, r.c, "http://svc/open"); err == nil {
			return nil
		}
		r.waitFor(d)
	}
	return errors.New("gave up")
}

// A poll whose interval doubles while the job is still running: every answer
// is a good one, the loop waits for a state, not after a failure.
type jobPoller struct {
	c        *http.Client
	interval time.Duration
}

func (p *jobPoller) slowDown() {
	p.interval *= 2
	time.Sleep(p.interval)
}

func (p *jobPoller) wait(ctx context.Context) error {
	for {
		done, err := jobDone(ctx, p.c)
		if err != nil {
			return err
		}
		if done {
			return nil
		}
		p.slowDown()
	}
}

func jobDone(ctx context.Context, c *http.Client) (bool, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://svc/job", nil)
	if err != nil {
		return false, err
	}
	resp, err := c.Do(req)
	if err != nil {
		return false, err
	}
	defer resp.Body.Close()
	return resp.StatusCode == http.StatusOK, nil
}

// The failure test in the for condition with a jittered doubling wait.
func condFailureJittered(ctx context.Context, c *http.Client) error {
	err := errors.New("not tried")
	for attempt := 0; err != nil && attempt < 4; attempt++ { // want `wait=sleep/grows/jitter ctx=ctx$`
		if err = fetch(ctx, c, "http://svc/cond"); err != nil {
			d := time.Duration(1<<attempt) * time.Second
			time.Sleep(d/2 + time.Duration(mrand.Int63n(int64(d/2)+1)))
		}
	}
	return err
}

func fetch(ctx context.Context, c *http.Client, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

const maxWait = 30 * time.Second
