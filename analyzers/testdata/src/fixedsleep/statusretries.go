package fixedsleep

import (
	"errors"
	"net/http"
	"time"
)

// A retry whose success test joins the error with the status code is a retry
// loop like any other: its constant wait is reported.
func errAndNotServerError(c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 20; attempt++ { // want `waits the same time.Second`
		resp, err := c.Do(req)
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return nil, errors.New("unavailable")
}

type job struct{ Status string }

func getJob(c *http.Client) (*job, error) { return nil, nil }

// A poller waits for a state, not out a failure: its constant interval is fine.
func pollJob(c *http.Client) error {
	for {
		j, err := getJob(c)
		if err != nil {
			return err
		}
		if j.Status == "done" {
			return nil
		}
		time.Sleep(time.Second)
	}
}
