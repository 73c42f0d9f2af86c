package unboundedretry

import (
	"context"
	"net/http"
	"time"
)

// A loop that goes round while a predicate of the response says "retry" is a
// retry loop: it needs a bound like any other.

// roundTrip reaches a server.
func roundTrip(req *http.Request) (*http.Response, error) { reach(); return nil, nil }

func shouldRetryResponse(res *http.Response) bool {
	return res == nil || res.StatusCode == 429 || res.StatusCode >= 500
}

func sendUntilDone(ctx context.Context, req *http.Request) (*http.Response, error) {
	for { // want `retry loop has no attempt limit and no deadline`
		res, err := roundTrip(req.Clone(ctx))
		if !shouldRetryResponse(res) {
			return res, err
		}
		time.Sleep(time.Second)
	}
}

// Look-alike: the attempt counter leaves the loop with the predicate.
func sendCounted(ctx context.Context, req *http.Request, maxRetries int) (*http.Response, error) {
	var res *http.Response
	var err error
	for n := 0; n <= maxRetries; n++ {
		res, err = roundTrip(req.Clone(ctx))
		if !shouldRetryResponse(res) || n >= maxRetries {
			break
		}
		time.Sleep(time.Second)
	}
	return res, err
}

// Look-alike: the loop goes round on both answers of the predicate (it only
// counts them): no failure test, no retry.
func countRetryable(ctx context.Context, req *http.Request) {
	seen := 0
	for {
		res, _ := roundTrip(req.Clone(ctx))
		if shouldRetryResponse(res) {
			seen++
		}
		time.Sleep(time.Second)
	}
}

// Look-alike: a predicate whose name does not say "retry" may as well ask
// whether the work is done: a poll until ready is not judged as a retry.
func ready(res *http.Response) bool { return res != nil && res.StatusCode == 200 }

func waitReady(ctx context.Context, req *http.Request) *http.Response {
	for {
		res, _ := roundTrip(req.Clone(ctx))
		if ready(res) {
			return res
		}
		time.Sleep(time.Second)
	}
}

// The predicate may be a method of the response.
type reply struct{ code int }

func (r *reply) Retryable() bool { return r == nil || r.code >= 500 }

func ask(ctx context.Context) (*reply, error) { reach(); return nil, nil }

func askUntilDone(ctx context.Context) (*reply, error) {
	for { // want `retry loop has no attempt limit and no deadline`
		r, err := ask(ctx)
		if !r.Retryable() {
			return r, err
		}
		time.Sleep(time.Second)
	}
}

// Look-alike: a method whose name does not say "retry" (Pending) asks for a
// state: a poll, judged by the poll rules.
func (r *reply) Pending() bool { return r != nil && r.code == 202 }

func askUntilSettled(ctx context.Context) *reply {
	for {
		r, _ := ask(ctx)
		if !r.Pending() {
			return r
		}
		time.Sleep(time.Second)
	}
}
