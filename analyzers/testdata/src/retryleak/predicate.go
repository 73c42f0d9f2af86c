package retryleak

import (
	"context"
	"net/http"
	"time"
)

// retryVerdict says yes for a 5xx response: the loop that asks it goes round
// with that response in hand.
func retryVerdict(resp *http.Response, err error, attempt int) (bool, time.Duration) {
	if attempt >= 6 {
		return false, 0
	}
	if err != nil || resp.StatusCode >= 500 {
		return true, time.Duration(attempt+1) * time.Second
	}
	return false, 0
}

// The verdict is kept, then tested; the yes path waits and goes round.
func heldVerdict(ctx context.Context, c *http.Client, url string) (*http.Response, error) {
	var resp *http.Response
	var err error
	for attempt := 0; ; attempt++ {
		req, rerr := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if rerr != nil {
			return nil, rerr
		}
		resp, err = c.Do(req)
		again, wait := retryVerdict(resp, err, attempt)
		if !again { // want `failed response resp goes back to the next attempt when retryVerdict says to retry, without closing resp.Body: each failed attempt leaks a connection; close it \(drain it first to reuse the connection\) before retrying`
			break
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(wait):
			continue
		}
	}
	return resp, err
}

func shouldRetryStatus(resp *http.Response, err error) bool {
	if err != nil {
		return true
	}
	return resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500
}

// The predicate is called in the test; the yes path sleeps and falls through.
func askedVerdict(c *http.Client, req *http.Request) (*http.Response, error) {
	var resp *http.Response
	var err error
	for attempt := 0; attempt < 6; attempt++ {
		resp, err = c.Do(req)
		if !shouldRetryStatus(resp, err) { // want `failed response resp goes back to the next attempt when shouldRetryStatus says to retry`
			return resp, err
		}
		time.Sleep(time.Duration(attempt+1) * time.Second)
	}
	return resp, err
}

// Not reported: the loop closes the response on the yes path.
func closedOnRetry(c *http.Client, req *http.Request) (*http.Response, error) {
	var resp *http.Response
	var err error
	for attempt := 0; attempt < 6; attempt++ {
		resp, err = c.Do(req)
		if !shouldRetryStatus(resp, err) {
			return resp, err
		}
		if resp != nil {
			resp.Body.Close()
		}
		time.Sleep(time.Duration(attempt+1) * time.Second)
	}
	return resp, err
}

func shouldRetryClosing(resp *http.Response, err error) bool {
	if err != nil {
		return true
	}
	if resp.StatusCode >= 500 {
		resp.Body.Close()
		return true
	}
	return false
}

// Not reported: the predicate closes the body before it says yes.
func predicateCloses(c *http.Client, req *http.Request) (*http.Response, error) {
	var resp *http.Response
	var err error
	for attempt := 0; attempt < 6; attempt++ {
		resp, err = c.Do(req)
		if !shouldRetryClosing(resp, err) {
			return resp, err
		}
		time.Sleep(time.Duration(attempt+1) * time.Second)
	}
	return resp, err
}

func shouldRetryErr(resp *http.Response, err error) bool {
	if resp != nil && resp.StatusCode == http.StatusOK {
		return false
	}
	return err != nil
}

// Not reported: the predicate says yes only for an error, when there is no
// response to close.
func errorsOnly(c *http.Client, req *http.Request) (*http.Response, error) {
	var resp *http.Response
	var err error
	for attempt := 0; attempt < 6; attempt++ {
		resp, err = c.Do(req)
		if !shouldRetryErr(resp, err) {
			return resp, err
		}
		time.Sleep(time.Duration(attempt+1) * time.Second)
	}
	return resp, err
}
