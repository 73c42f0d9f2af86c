package retryall

import (
	"context"
	"net/http"
	"time"
)

// A predicate of the response that says whether to retry classifies: the
// loop retries what it says, not every error (unboundedretry/predloop.go
// shows the same loop is a retry region).

// roundTrip reaches a server.
func roundTrip(req *http.Request) (*http.Response, error) { reach(); return nil, nil }

func shouldRetryResponse(res *http.Response) bool {
	return res == nil || res.StatusCode == 429 || res.StatusCode >= 500
}

func sendRetryable(ctx context.Context, req *http.Request, maxRetries int) (*http.Response, error) {
	var res *http.Response
	var err error
	for n := 0; n <= maxRetries; n++ {
		res, err = roundTrip(req.Clone(ctx))
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if !shouldRetryResponse(res) || n >= maxRetries {
			break
		}
		time.Sleep(time.Duration(n+1) * time.Second)
	}
	return res, err
}

// Twin: the same loop that goes round on every error is reported.
func sendAll(ctx context.Context, req *http.Request, maxRetries int) (*http.Response, error) {
	var res *http.Response
	var err error
	for n := 0; n <= 6; n++ { // want `retry loop retries every error alike`
		res, err = roundTrip(req.Clone(ctx))
		if err == nil || n >= 6 {
			break
		}
		time.Sleep(time.Duration(n+1) * time.Second)
	}
	return res, err
}
