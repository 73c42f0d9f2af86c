package retryall

import (
	"context"
	"net/http"
	"time"
)

// A retry predicate's answer kept in a variable before it is tested, with the
// wait it also gives, classifies as the call itself would: the loop retries
// what the predicate says, not every error.

func retryDecision(res *http.Response, err error, n int) (bool, time.Duration) {
	if n >= 6 {
		return false, 0
	}
	if err != nil || res.StatusCode >= 500 || res.StatusCode == 429 {
		return true, time.Duration(n+1) * time.Second
	}
	return false, 0
}

func sendHeldDecision(ctx context.Context, req *http.Request) (*http.Response, error) {
	var res *http.Response
	var err error
	for n := 0; ; n++ {
		res, err = roundTrip(req.Clone(ctx))
		again, wait := retryDecision(res, err, n)
		if !again {
			break
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(wait):
		}
	}
	return res, err
}
