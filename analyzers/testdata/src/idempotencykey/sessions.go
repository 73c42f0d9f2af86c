package idempotencykey

import (
	"context"
	"net/http"
	"time"
)

// N2: a POST with no body whose only result is the Location of what it opened
// (a resumable upload session, a job handle) leaves at worst an unused handle
// behind when it is repeated: nothing is applied twice.

func sessionRetry(f func() error) error {
	var err error
	for i := 0; i < 5; i++ {
		if err = f(); err == nil {
			return nil
		}
		time.Sleep(time.Duration(1<<i) * time.Second)
	}
	return err
}

// GOOD: an empty POST that opens a session read from Location.
func openSession(ctx context.Context, c *http.Client, url string) (string, error) {
	var loc string
	err := sessionRetry(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, url+"?uploadType=resumable", nil)
		if err != nil {
			return err
		}
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		loc = resp.Header.Get("Location")
		return nil
	})
	return loc, err
}

// GOOD: the same with http.NoBody and the response's Location method.
func openSessionNoBody(ctx context.Context, c *http.Client, url string) (string, error) {
	var loc string
	err := sessionRetry(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, http.NoBody)
		if err != nil {
			return err
		}
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		u, err := resp.Location()
		if err != nil {
			return err
		}
		loc = u.String()
		return nil
	})
	return loc, err
}

// Look-alike: an empty POST that triggers an action, its Location unread.
func triggerBuild(ctx context.Context, c *http.Client, url string) error {
	return sessionRetry(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, url+"/build", nil) // want `POST request sent from a retry callback without an idempotency key`
		if err != nil {
			return err
		}
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}
