package retryleak

import (
	"io"
	"net/http"
	"strconv"
	"time"
)

// The loop branches on the predicate's yes and goes round from the branch;
// the branch may give up first, handing the response to the caller on the
// way out only.

type yesTransport struct {
	next  http.RoundTripper
	tries int
}

func serverWait(resp *http.Response) time.Duration {
	if s, err := strconv.Atoi(resp.Header.Get("Retry-After")); err == nil {
		return time.Duration(s) * time.Second
	}
	return 0
}

// shouldRetryAnswer answers beside a reason and the wait, and reads the
// response's header through a helper.
func (t *yesTransport) shouldRetryAnswer(resp *http.Response, err error) (reason string, retry bool, wait time.Duration) {
	if err != nil {
		return err.Error(), true, time.Second
	}
	if resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500 {
		return resp.Status, true, serverWait(resp)
	}
	return "", false, 0
}

func (t *yesTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	n := 0
	for {
		resp, err := t.next.RoundTrip(req)
		_, retry, wait := t.shouldRetryAnswer(resp, err)
		if retry { // want `failed response resp goes back to the next attempt when shouldRetryAnswer says to retry, without closing resp.Body`
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

// Not reported: the way back closes the response.
func (t *yesTransport) closing(req *http.Request) (*http.Response, error) {
	n := 0
	for {
		resp, err := t.next.RoundTrip(req)
		_, retry, wait := t.shouldRetryAnswer(resp, err)
		if retry {
			if n >= t.tries {
				return resp, err
			}
			n++
			if resp != nil {
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
			}
			time.Sleep(wait)
			continue
		}
		return resp, err
	}
}

// shouldRetryDrained reads the body through a helper before it answers.
func shouldRetryDrained(resp *http.Response, err error) (reason string, retry bool) {
	if err != nil {
		return err.Error(), true
	}
	if resp.StatusCode >= 500 {
		return drain(resp), true
	}
	return "", false
}

func drain(resp *http.Response) string {
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	return string(b)
}

// Not reported: the predicate takes care of the body.
func (t *yesTransport) drained(req *http.Request) (*http.Response, error) {
	for n := 0; ; n++ {
		resp, err := t.next.RoundTrip(req)
		_, retry := shouldRetryDrained(resp, err)
		if retry {
			if n >= t.tries {
				return nil, err
			}
			time.Sleep(time.Second)
			continue
		}
		return resp, err
	}
}

func shouldRetryFailure(resp *http.Response, err error) (reason string, retry bool) {
	if err != nil {
		return err.Error(), true
	}
	return "", false
}

// Not reported: the predicate says yes for an error only, when there is no
// response to close.
func (t *yesTransport) errorsOnly(req *http.Request) (*http.Response, error) {
	for n := 0; ; n++ {
		resp, err := t.next.RoundTrip(req)
		_, retry := shouldRetryFailure(resp, err)
		if retry {
			if n >= t.tries {
				return resp, err
			}
			time.Sleep(time.Second)
			continue
		}
		return resp, err
	}
}
