package fixedsleep

import (
	"context"
	"net/http"
	"time"
)

// A goto retry counted down from retries := 1: two tries, one 1 s wait. A
// func value that wraps the transport of the attempt's client builds a
// RoundTripper: whatever it waits for, it waits inside RoundTrip, in the
// send, not between attempts. A func value that returns nothing to send
// with (a hook) may wait between attempts, and the total stays unknown.

type wrapTransport func(*http.Transport) http.RoundTripper

func postTwice(ctx context.Context, u string, wrap wrapTransport) error {
	retries := 1
again:
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
	if err != nil {
		return err
	}
	c := &http.Client{Transport: wrap(&http.Transport{}), Timeout: time.Minute}
	resp, err := c.Do(req)
	if err != nil {
		if retries > 0 {
			retries--
			time.Sleep(time.Second)
			goto again
		}
		return err
	}
	return resp.Body.Close()
}

func postTwiceHook(ctx context.Context, u string, before func(*http.Request)) error {
	retries := 1
again: // want `retry loop waits the same time.Second before every attempt`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
	if err != nil {
		return err
	}
	before(req)
	c := &http.Client{Timeout: time.Minute}
	resp, err := c.Do(req)
	if err != nil {
		if retries > 0 {
			retries--
			time.Sleep(time.Second)
			goto again
		}
		return err
	}
	return resp.Body.Close()
}
