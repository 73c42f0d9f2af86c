package loops

import (
	"errors"
	"net/http"
	"time"
)

// Retries whose success test combines the error with the status code.

func backoffFor(attempt int) time.Duration { return time.Duration(attempt) * time.Second }

// Success is "no error and no server error": transport errors and 5xx are retried,
// a 4xx is handed back.
func errAndNotServerError(c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 5; attempt++ { // want `retry loop classified=true bounded=true max=5 wait=sleep/grows`
		resp, err := c.Do(req)
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		time.Sleep(backoffFor(attempt))
	}
	return nil, errors.New("unavailable")
}

// The mirrored form: failure is an error or a 5xx.
func errOrServerError(c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 5; attempt++ { // want `retry loop classified=true bounded=true max=5 wait=sleep/grows`
		resp, err := c.Do(req)
		if err != nil || resp.StatusCode >= 500 {
			time.Sleep(backoffFor(attempt))
			continue
		}
		return resp, nil
	}
	return nil, errors.New("unavailable")
}

// Only 2xx is a success: every failure, a 4xx included, is retried.
func errAndStatusClass(c *http.Client, req *http.Request) (resp *http.Response, err error) {
	for attempt := 0; attempt < 5; attempt++ { // want `retry loop classified=false bounded=true max=5 wait=sleep/grows`
		resp, err = c.Do(req)
		if err == nil && resp.StatusCode/100 == 2 {
			break
		}
		time.Sleep(backoffFor(attempt))
	}
	return resp, err
}

func retryableStatus(code int) bool { return code == 429 || code >= 500 }

// A predicate over the status code decides which answers are retried.
func errAndNotRetryable(c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 5; attempt++ { // want `retry loop classified=true bounded=true max=5 wait=sleep/grows`
		resp, err := c.Do(req)
		if err == nil && !retryableStatus(resp.StatusCode) {
			return resp, nil
		}
		time.Sleep(backoffFor(attempt))
	}
	return nil, errors.New("unavailable")
}

// The same predicate on the failure side.
func errOrRetryable(c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 5; attempt++ { // want `retry loop classified=true bounded=true max=5 wait=sleep/grows`
		resp, err := c.Do(req)
		if err != nil || retryableStatus(resp.StatusCode) {
			time.Sleep(backoffFor(attempt))
			continue
		}
		return resp, nil
	}
	return nil, errors.New("unavailable")
}

// A tagless switch: errors and 5xx go round, anything else is returned.
func switchOnOutcome(c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 5; attempt++ { // want `retry loop classified=true bounded=true max=5 wait=sleep/grows`
		resp, err := c.Do(req)
		switch {
		case err != nil:
			time.Sleep(backoffFor(attempt))
		case resp.StatusCode >= 500:
			resp.Body.Close()
			time.Sleep(backoffFor(attempt))
		default:
			return resp, nil
		}
	}
	return nil, errors.New("unavailable")
}

// The switch with the success case spelled out.
func switchNotServerError(c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 5; attempt++ { // want `retry loop classified=true bounded=true max=5 wait=sleep/grows`
		resp, err := c.Do(req)
		switch {
		case err != nil:
		case resp.StatusCode < 500:
			return resp, nil
		default:
			resp.Body.Close()
		}
		time.Sleep(backoffFor(attempt))
	}
	return nil, errors.New("unavailable")
}

// A range check on the status: 2xx only, every failure retried.
func errAndRange(c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 5; attempt++ { // want `retry loop classified=false bounded=true max=5 wait=sleep/grows`
		resp, err := c.Do(req)
		if err == nil && resp.StatusCode >= 200 && resp.StatusCode < 300 {
			return resp, nil
		}
		time.Sleep(backoffFor(attempt))
	}
	return nil, errors.New("unavailable")
}

// 429 and 5xx are retried, whatever else is answered is returned.
func errOrThrottled(c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 5; attempt++ { // want `retry loop classified=true bounded=true max=5 wait=sleep/grows`
		resp, err := c.Do(req)
		if err != nil || resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500 {
			time.Sleep(backoffFor(attempt))
			continue
		}
		return resp, nil
	}
	return nil, errors.New("unavailable")
}

// The status tested on its own after the error: a 5xx goes round.
func errThenNotServerError(c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 5; attempt++ { // want `retry loop classified=true bounded=true max=5 wait=sleep/grows`
		resp, err := c.Do(req)
		if err != nil {
			time.Sleep(backoffFor(attempt))
			continue
		}
		if resp.StatusCode < 500 {
			return resp, nil
		}
		resp.Body.Close()
		time.Sleep(backoffFor(attempt))
	}
	return nil, errors.New("unavailable")
}

// A tagged switch on the status class: 5xx goes round, 2xx is returned, the rest
// fails at once.
func switchOnClass(c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 5; attempt++ { // want `retry loop classified=true bounded=true max=5 wait=sleep/grows`
		resp, err := c.Do(req)
		if err != nil {
			time.Sleep(backoffFor(attempt))
			continue
		}
		switch resp.StatusCode / 100 {
		case 2:
			return resp, nil
		case 5:
			resp.Body.Close()
		default:
			resp.Body.Close()
			return nil, errors.New(resp.Status)
		}
		time.Sleep(backoffFor(attempt))
	}
	return nil, errors.New("unavailable")
}

// Anything but 200 goes round: every failure is retried.
func notOK(c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 5; attempt++ { // want `retry loop classified=false bounded=true max=5 wait=sleep/grows`
		resp, err := c.Do(req)
		if err != nil {
			time.Sleep(backoffFor(attempt))
			continue
		}
		if resp.StatusCode != http.StatusOK {
			resp.Body.Close()
			time.Sleep(backoffFor(attempt))
			continue
		}
		return resp, nil
	}
	return nil, errors.New("unavailable")
}

// A predicate named for retrying, alone after the error check.
func retryableAlone(c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 5; attempt++ { // want `retry loop classified=true bounded=true max=5 wait=sleep/grows`
		resp, err := c.Do(req)
		if err != nil {
			return nil, err
		}
		if retryableStatus(resp.StatusCode) {
			resp.Body.Close()
			time.Sleep(backoffFor(attempt))
			continue
		}
		return resp, nil
	}
	return nil, errors.New("unavailable")
}

// Look-alikes that must stay out.

type jobStatus struct {
	Status     string
	StatusCode int
}

func getJob() (*jobStatus, error) { return nil, nil }

// A poller: the call succeeded, the job is not done yet.
func jobPoller() error {
	for {
		resp, err := getJob()
		if err != nil {
			return err
		}
		if resp.Status == "done" {
			return nil
		}
		time.Sleep(time.Second)
	}
}

// A tolerant poller on a status string.
func tolerantJobPoller() {
	for {
		resp, err := getJob()
		if err == nil && resp.Status == "done" {
			return
		}
		time.Sleep(time.Second)
	}
}

// An HTTP poller: 202 Accepted means "still working", the call did not fail.
func acceptedPoller(c *http.Client, req *http.Request) (*http.Response, error) {
	for {
		resp, err := c.Do(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode != http.StatusAccepted {
			return resp, nil
		}
		resp.Body.Close()
		time.Sleep(time.Second)
	}
}

func jobDone(resp *http.Response) bool { return resp.Header.Get("X-Done") != "" }

// A tolerant poller whose end is a predicate of the response, not of its status.
func predicatePoller(c *http.Client, req *http.Request) {
	for {
		resp, err := c.Do(req)
		if err == nil && jobDone(resp) {
			return
		}
		time.Sleep(time.Second)
	}
}

// A periodic probe: it goes on after a good answer too.
func healthProbe(c *http.Client, req *http.Request, up func(bool)) {
	for {
		resp, err := c.Do(req)
		up(err == nil && resp.StatusCode < 500)
		time.Sleep(time.Minute)
	}
}

// A loop over answers already received: nothing is retried.
func firstGood(resps []*http.Response) *http.Response {
	for _, resp := range resps {
		if resp.StatusCode < 500 {
			return resp
		}
	}
	return nil
}

// A tolerant HTTP poller: 202 is a good answer that says "not yet".
func tolerantAcceptedPoller(c *http.Client, req *http.Request) *http.Response {
	for {
		resp, err := c.Do(req)
		if err != nil || resp.StatusCode == http.StatusAccepted {
			time.Sleep(time.Second)
			continue
		}
		return resp
	}
}

func ready(code int) bool { return code == http.StatusOK }

// A predicate over the status whose name says nothing of failure, alone: the
// errors are not retried, so nothing says this waits out a failure.
func readyPoller(c *http.Client, req *http.Request) (*http.Response, error) {
	for {
		resp, err := c.Do(req)
		if err != nil {
			return nil, err
		}
		if !ready(resp.StatusCode) {
			resp.Body.Close()
			time.Sleep(time.Second)
			continue
		}
		return resp, nil
	}
}

type lastSeen struct{ StatusCode int }

func lastStatus() lastSeen { return lastSeen{} }

// A status read from a call that cannot fail is a state being polled, not an
// attempt's outcome: not a retry.
func statusPoller() {
	for {
		st := lastStatus()
		if st.StatusCode < 500 {
			return
		}
		time.Sleep(time.Second)
	}
}
