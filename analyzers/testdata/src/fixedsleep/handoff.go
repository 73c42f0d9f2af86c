package fixedsleep

import (
	"context"
	"errors"
	"net/http"
)

// An attempt that hands its request to a goroutine that already runs, and
// blocks until that one answers, is paced by it: once the fetcher is gone
// the attempt blocks instead of failing. Quiet, whether the loop calls the
// handing-off function itself or through a helper and a field of a func type
// the package declares. A goroutine the attempt starts for itself, on a
// channel it makes, fails as fast as the call it runs: still reported, as is
// a receive in a select with a default, which never blocks.

type hoPage struct{ body []byte }

type hoGetter func(ctx context.Context, key string) (*hoPage, error)

var errHoMissing = errors.New("block missing")

func hoFetch(key string) (*hoPage, error) {
	resp, err := http.Get("http://blocks.internal/" + key)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	switch resp.StatusCode {
	case http.StatusOK:
		return &hoPage{}, nil
	case http.StatusNotFound:
		return nil, errHoMissing
	}
	return nil, errors.New(resp.Status)
}

// GOOD: the loop calls a getter that waits for the fetcher's answer.
func hoReadAll(ctx context.Context, keys []string) (*hoPage, error) {
	requests := make(chan string, 1)
	pages := make(chan *hoPage, 1)
	go func() {
		for key := range requests {
			if p, err := hoFetch(key); err == nil {
				pages <- p
			}
		}
	}()
	get := func(ctx context.Context, key string) (*hoPage, error) {
		select {
		case requests <- key:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		select {
		case p := <-pages:
			return p, nil
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	for {
		p, err := get(ctx, keys[0])
		if err != nil {
			if ctx.Err() != nil {
				return nil, err
			}
			continue
		}
		return p, nil
	}
}

type hoReader struct {
	ctx context.Context
	get hoGetter
}

// load calls the getter it is handed.
func hoLoad(ctx context.Context, key string, get hoGetter) (*hoPage, error) {
	return get(ctx, key)
}

// GOOD: the getter comes through a field and a helper; the package hands
// only waiting getters to its type.
func (r *hoReader) next(key string) (*hoPage, error) {
	for {
		if r.ctx.Err() != nil {
			return nil, r.ctx.Err()
		}
		p, err := hoLoad(r.ctx, key, r.get)
		if err != nil {
			continue
		}
		return p, nil
	}
}

// reset asks the fetcher for the page again and waits for it.
func (r *hoReader) reset(key string) {
	hoLoad(r.ctx, key, r.get)
}

// GOOD: the way back to the attempt waits for the fetcher's answer.
func (r *hoReader) readResetting(key string) (*hoPage, error) {
	for {
		p, err := hoFetch(key)
		if err == nil {
			return p, nil
		}
		if r.ctx.Err() != nil {
			return nil, r.ctx.Err()
		}
		r.reset(key)
	}
}

func newHoReader(ctx context.Context, requests chan<- string, pages <-chan *hoPage) *hoReader {
	return hoStart(ctx, func(ctx context.Context, key string) (*hoPage, error) {
		requests <- key
		select {
		case p := <-pages:
			return p, nil
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	})
}

func hoStart(ctx context.Context, get hoGetter) *hoReader {
	return &hoReader{ctx: ctx, get: get}
}

// Look-alikes that stay reported.

// A goroutine of the attempt's own, on a channel the attempt makes, behind
// a field.
type hoDirect struct {
	get func(ctx context.Context, key string) (*hoPage, error)
}

func newHoDirect() *hoDirect {
	return &hoDirect{get: func(ctx context.Context, key string) (*hoPage, error) {
		type answer struct {
			p   *hoPage
			err error
		}
		done := make(chan answer, 1)
		go func() {
			p, err := hoFetch(key)
			done <- answer{p, err}
		}()
		select {
		case a := <-done:
			return a.p, a.err
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}}
}

func (d *hoDirect) read(ctx context.Context, key string) (*hoPage, error) {
	for { // want `retry loop tries again at once after a failure`
		p, err := d.get(ctx, key)
		if errors.Is(err, errHoMissing) {
			continue
		}
		return p, err
	}
}

type hoCache struct {
	pages chan *hoPage
}

// peek takes a page the fetcher left, if any, and fetches itself otherwise.
func (c *hoCache) peek(key string) (*hoPage, error) {
	select {
	case p := <-c.pages:
		return p, nil
	default:
		return hoFetch(key)
	}
}

func (c *hoCache) read(key string) (*hoPage, error) {
	for { // want `retry loop tries again at once after a failure`
		p, err := c.peek(key)
		if errors.Is(err, errHoMissing) {
			continue
		}
		return p, err
	}
}
