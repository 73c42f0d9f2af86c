package sleepnoctx

import (
	"net/http"
	"time"
)

// A transport that retries: its request carries the caller's context
// (req.Context()), which a wait between attempts must heed. The predicate
// gives its answer beside a reason and the wait.

type answerTransport struct {
	next  http.RoundTripper
	tries int
}

func newAnswerTransport(next http.RoundTripper) *answerTransport {
	return &answerTransport{next: next, tries: 4}
}

func (t *answerTransport) shouldRetry(resp *http.Response, err error) (reason string, retry bool, wait time.Duration) {
	if err != nil {
		return err.Error(), true, 5 * time.Second
	}
	if resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode == http.StatusServiceUnavailable {
		return resp.Status, true, 30 * time.Second
	}
	return "", false, 0
}

func (t *answerTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	n := 0
	for { // want `time.Sleep between retry attempts ignores cancellation: wait in a select on req.Context\(\).Done\(\) and a timer`
		resp, err := t.next.RoundTrip(req)
		_, retry, wait := t.shouldRetry(resp, err)
		if retry {
			if n >= t.tries {
				return resp, err
			}
			n++
			if resp != nil {
				resp.Body.Close()
			}
			time.Sleep(wait)
			continue
		}
		return resp, err
	}
}

// Look-alike: the wait is a select on the request's context.
func (t *answerTransport) heeding(req *http.Request) (*http.Response, error) {
	n := 0
	for {
		resp, err := t.next.RoundTrip(req)
		_, retry, wait := t.shouldRetry(resp, err)
		if !retry || n >= t.tries {
			return resp, err
		}
		n++
		if resp != nil {
			resp.Body.Close()
		}
		select {
		case <-req.Context().Done():
			return nil, req.Context().Err()
		case <-time.After(wait):
		}
	}
}
