package sleepnoctx

import (
	"errors"
	"net/http"
	"time"
)

// A wait for a resource to appear goes round only while the answer is "not
// found", and leaves on success and on every other error, by break as by
// return: a poll for absence, not a retry.

var errResourceNotFound = errors.New("resource not found")

func fetchResource(url string) (*http.Response, error) {
	resp, err := http.Get(url)
	if err == nil && resp.StatusCode == http.StatusNotFound {
		resp.Body.Close()
		return nil, errResourceNotFound
	}
	return resp, err
}

func awaitResourceBreak(url string) (*http.Response, error) {
	var (
		resp *http.Response
		err  error
	)
	for {
		if resp, err = fetchResource(url); err == nil {
			break
		}
		if !errors.Is(err, errResourceNotFound) {
			break
		}
		time.Sleep(time.Second)
	}
	return resp, err
}

// Look-alike: the absence test joined with another condition leaves on more
// than the other errors; the loop stays a retry.
func awaitResourceJoined(url string, strict bool) (*http.Response, error) {
	var (
		resp *http.Response
		err  error
	)
	for { // want `time.Sleep between retry attempts cannot be cancelled`
		if resp, err = fetchResource(url); err == nil {
			break
		}
		if !errors.Is(err, errResourceNotFound) && strict {
			break
		}
		time.Sleep(time.Second)
	}
	return resp, err
}
