package retryleak

import "net/http"

// A failure test beside a set of codes of unknown meaning: the codes the
// retryable test sends down the branch still go back with the body open.
func codeSetBeside(c *http.Client, req *http.Request, accepted, extra map[int]bool) (*http.Response, error) {
	var resp *http.Response
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		resp, err = c.Do(req)
		if err != nil || (retryableStatus(resp.StatusCode) && !accepted[resp.StatusCode]) || extra[resp.StatusCode] {
			pause(attempt)
			continue // want `failed response resp goes back to the next attempt without closing resp.Body`
		}
		break
	}
	return resp, err
}

// The same check, with the body closed before the next attempt.
func codeSetBesideClosed(c *http.Client, req *http.Request, accepted, extra map[int]bool) (*http.Response, error) {
	var resp *http.Response
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		resp, err = c.Do(req)
		if err != nil || (retryableStatus(resp.StatusCode) && !accepted[resp.StatusCode]) || extra[resp.StatusCode] {
			if resp != nil {
				resp.Body.Close()
			}
			pause(attempt)
			continue
		}
		break
	}
	return resp, err
}

// A set alone says nothing of which codes failed: quiet.
func codeSetAlone(c *http.Client, req *http.Request, listed map[int]bool) (*http.Response, error) {
	var resp *http.Response
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		resp, err = c.Do(req)
		if err != nil || listed[resp.StatusCode] {
			pause(attempt)
			continue
		}
		break
	}
	return resp, err
}
