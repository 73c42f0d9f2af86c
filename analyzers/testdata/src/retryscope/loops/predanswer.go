package loops

import (
	"net/http"
	"time"
)

// A retry predicate that answers beside other results: a reason for the log,
// the answer, the wait. The variable that holds the answer stands for it.

type answeringTransport struct {
	next  http.RoundTripper
	tries int
}

func (t *answeringTransport) retryVerdict(resp *http.Response, err error) (reason string, retry bool, wait time.Duration) {
	if err != nil {
		return "transport", true, 2 * time.Second
	}
	if resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500 {
		return resp.Status, true, 10 * time.Second
	}
	return "", false, 0
}

func (t *answeringTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	n := 0
	for { // want `retry loop classified=true bounded=true wait=sleep`
		resp, err := t.next.RoundTrip(req)
		_, again, wait := t.retryVerdict(resp, err)
		if again {
			if n >= t.tries {
				return resp, err
			}
			n++
			time.Sleep(wait)
			continue
		}
		return resp, err
	}
}

// Look-alike: a bool beside a value says the value was found, not "retry";
// the loop waits as long as the server asks and is no retry of a failure.
func retryAfterHint(resp *http.Response) (time.Duration, bool) {
	if s := resp.Header.Get("Retry-After"); s != "" {
		d, err := time.ParseDuration(s + "s")
		return d, err == nil
	}
	return 0, false
}

func (t *answeringTransport) paced(req *http.Request) *http.Response {
	for {
		resp, _ := t.next.RoundTrip(req)
		d, ok := retryAfterHint(resp)
		if !ok {
			return resp
		}
		time.Sleep(d)
	}
}
