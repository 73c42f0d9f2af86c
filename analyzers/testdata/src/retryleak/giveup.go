package retryleak

import (
	"errors"
	"io"
	"net/http"
	"time"
)

// After a status-retry loop the last response is live: a give-up return
// that drops it leaks its connection on every exhausted retry.

var errTooManyTries = errors.New("too many tries")

func giveUpDropsLast(c *http.Client, req *http.Request) (*http.Response, error) {
	var resp *http.Response
	var err error
	tries := 0
	for {
		resp, err = c.Do(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode == http.StatusServiceUnavailable && tries < 8 {
			tries++
			resp.Body.Close()
			time.Sleep(time.Duration(tries) * time.Second)
			continue
		}
		break
	}
	if tries >= 8 {
		return nil, errTooManyTries // want `the retry gives up here with an error and drops resp, the last attempt's response, without closing resp.Body`
	}
	return resp, nil
}

func giveUpNamedResult(c *http.Client, req *http.Request) (resp *http.Response, err error) {
	tries := 0
	for {
		resp, err = c.Do(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode >= 500 && tries < 8 {
			tries++
			resp.Body.Close()
			time.Sleep(time.Second)
			continue
		}
		break
	}
	if resp.StatusCode >= 500 {
		return nil, errTooManyTries // want `drops resp, the last attempt's response`
	}
	return resp, nil
}

// Look-alike: the body is drained and closed before giving up.
func giveUpClosesFirst(c *http.Client, req *http.Request) (*http.Response, error) {
	var resp *http.Response
	var err error
	tries := 0
	for {
		resp, err = c.Do(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode == http.StatusServiceUnavailable && tries < 8 {
			tries++
			resp.Body.Close()
			time.Sleep(time.Second)
			continue
		}
		break
	}
	if tries >= 8 {
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return nil, errTooManyTries
	}
	return resp, nil
}

// Look-alike: the response goes to the caller with the error.
func giveUpHandsOn(c *http.Client, req *http.Request) (*http.Response, error) {
	var resp *http.Response
	var err error
	tries := 0
	for {
		resp, err = c.Do(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode == http.StatusServiceUnavailable && tries < 8 {
			tries++
			resp.Body.Close()
			time.Sleep(time.Second)
			continue
		}
		break
	}
	if tries >= 8 {
		return resp, errTooManyTries
	}
	return resp, nil
}

// Look-alike: a break before the send's error check leaves resp possibly nil.
func giveUpMaybeNil(c *http.Client, req *http.Request) (*http.Response, error) {
	var resp *http.Response
	var err error
	tries := 0
	for {
		resp, err = c.Do(req)
		if err != nil {
			if tries >= 8 {
				break
			}
			tries++
			time.Sleep(time.Second)
			continue
		}
		if resp.StatusCode == http.StatusServiceUnavailable && tries < 8 {
			tries++
			resp.Body.Close()
			time.Sleep(time.Second)
			continue
		}
		break
	}
	if tries >= 8 {
		return nil, errTooManyTries
	}
	return resp, nil
}

// Look-alike: a deferred close takes care of the last response.
func giveUpDeferredClose(c *http.Client, req *http.Request) ([]byte, error) {
	var resp *http.Response
	var err error
	defer func() {
		if resp != nil {
			resp.Body.Close()
		}
	}()
	tries := 0
	for {
		resp, err = c.Do(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode == http.StatusServiceUnavailable && tries < 8 {
			tries++
			resp.Body.Close()
			time.Sleep(time.Second)
			continue
		}
		break
	}
	if tries >= 8 {
		return nil, errTooManyTries
	}
	return io.ReadAll(resp.Body)
}

// Look-alike: the give-up return sits under a resp == nil test.
func giveUpNilTested(c *http.Client, req *http.Request, sendErr error) (*http.Response, error) {
	var resp *http.Response
	var err error
	tries := 0
	for {
		resp, err = c.Do(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode == http.StatusServiceUnavailable && tries < 8 {
			tries++
			resp.Body.Close()
			time.Sleep(time.Second)
			continue
		}
		break
	}
	if resp == nil {
		return nil, sendErr
	}
	return resp, nil
}
