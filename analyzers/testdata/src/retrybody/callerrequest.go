package retrybody

import (
	"context"
	"errors"
	"net/http"
	"time"
)

// A function that takes the caller's request and sends it on every attempt:
// the first send consumes and closes its body, so a request with a body fails
// on every later attempt.

var errAllFailed = errors.New("all attempts failed")

type resender struct {
	next  http.RoundTripper
	hosts []string
}

// A RoundTrip method that fails over to the next host with the same request.
func (t *resender) RoundTrip(req *http.Request) (*http.Response, error) {
	for _, h := range t.hosts {
		req.URL.Host = h
		resp, err := t.next.RoundTrip(req) // want `request req, the caller's, is sent again on every attempt of the retry loop, but the first send consumes and closes its body: a request with a body fails on every later attempt; send a clone with its body from req.GetBody\(\) on each attempt, or do not retry a request whose body cannot be replayed`
		if err == nil {
			return resp, nil
		}
	}
	return nil, errAllFailed
}

// A wrapper around Client.Do that waits between attempts.
func doRetried(c *http.Client, req *http.Request) (*http.Response, error) {
	var lastErr error
	for attempt := 0; attempt < 5; attempt++ {
		resp, err := c.Do(req) // want `request req, the caller's, is sent again`
		if err == nil {
			return resp, nil
		}
		lastErr = err
		time.Sleep(time.Duration(attempt+1) * 200 * time.Millisecond)
	}
	return nil, lastErr
}

// ---- look-alikes: the function handles the body ----

// Only a request without a body is retried.
func (t *resender) bodyless(req *http.Request) (*http.Response, error) {
	if req.Body != nil && req.Body != http.NoBody {
		return t.next.RoundTrip(req)
	}
	for attempt := 0; attempt < 5; attempt++ {
		resp, err := t.next.RoundTrip(req)
		if err == nil {
			return resp, nil
		}
		time.Sleep(time.Duration(attempt+1) * 200 * time.Millisecond)
	}
	return nil, errAllFailed
}

// The body is reset from GetBody before each later send.
func (t *resender) rewound(req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 5; attempt++ {
		if attempt > 0 && req.GetBody != nil {
			body, err := req.GetBody()
			if err != nil {
				return nil, err
			}
			req.Body = body
		}
		resp, err := t.next.RoundTrip(req)
		if err == nil {
			return resp, nil
		}
		time.Sleep(time.Duration(attempt+1) * 200 * time.Millisecond)
	}
	return nil, errAllFailed
}

// Each attempt sends a clone with a fresh body.
func (t *resender) cloned(ctx context.Context, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 5; attempt++ {
		r2 := req.Clone(ctx)
		if req.GetBody != nil {
			r2.Body, _ = req.GetBody()
		}
		resp, err := t.next.RoundTrip(r2)
		if err == nil {
			return resp, nil
		}
		time.Sleep(time.Duration(attempt+1) * 200 * time.Millisecond)
	}
	return nil, errAllFailed
}

// The caller's request is sent once; the loop only reads the response.
func (t *resender) sentOnce(req *http.Request) (*http.Response, error) {
	resp, err := t.next.RoundTrip(req)
	for attempt := 0; err != nil && attempt < 5; attempt++ {
		time.Sleep(time.Duration(attempt+1) * 200 * time.Millisecond)
	}
	return resp, err
}

type picking struct {
	next http.RoundTripper
	pick func() (string, error)
}

// Each round first picks a host, which can fail and skip the send; a failed
// send goes round too.
func (t *picking) RoundTrip(req *http.Request) (*http.Response, error) {
	for i := 0; i < 3; i++ {
		host, err := t.pick()
		if err != nil {
			continue
		}
		req.URL.Host = host
		resp, err := t.next.RoundTrip(req) // want `request req, the caller's, is sent again`
		if err != nil {
			continue
		}
		return resp, nil
	}
	return nil, errAllFailed
}

// The same after a pick, with the send's outcome tested in the if statement:
// a failed send falls off the end of the round.
func (t *picking) fallsThrough(req *http.Request) (*http.Response, error) {
	for i := 0; i < 3; i++ {
		host, err := t.pick()
		if err != nil {
			continue
		}
		req.URL.Host = host
		if resp, err := t.next.RoundTrip(req); err == nil { // want `request req, the caller's, is sent again`
			return resp, nil
		}
	}
	return nil, errAllFailed
}

// Only the pick is retried: the request is sent once, and its outcome is the
// answer.
func (t *picking) sendOnce(req *http.Request) (*http.Response, error) {
	for i := 0; i < 3; i++ {
		host, err := t.pick()
		if err != nil {
			time.Sleep(time.Duration(i+1) * 200 * time.Millisecond)
			continue
		}
		req.URL.Host = host
		return t.next.RoundTrip(req)
	}
	return nil, errAllFailed
}

// The pick is retried; after the send the loop always leaves.
func (t *picking) sendThenLeave(req *http.Request) (*http.Response, error) {
	var resp *http.Response
	for i := 0; i < 3; i++ {
		host, err := t.pick()
		if err != nil {
			time.Sleep(time.Duration(i+1) * 200 * time.Millisecond)
			continue
		}
		req.URL.Host = host
		resp, err = t.next.RoundTrip(req)
		if err != nil {
			return nil, err
		}
		break
	}
	return resp, nil
}
