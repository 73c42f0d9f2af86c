package fixedsleep

import (
	"context"
	"errors"
	"log"
	"net/http"
	"time"
)

// A loop that waits only on the errors a classifier calls retryable, and goes
// round at once on every other error, hammers its dependency exactly when it
// refuses (a denied request, a bad path): the class test is backwards for its
// wait.

var errNoValue = errors.New("no value")

func transientFailure(err error) bool {
	var ne interface{ Timeout() bool }
	return errors.As(err, &ne)
}

func fetchValue(c *http.Client, url string) error {
	resp, err := c.Get(url)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return errors.New(resp.Status)
	}
	return nil
}

func watchWaitsOnTransientOnly(c *http.Client, url string) {
	for { // want `retry loop tries again at once after a failure that is not transientFailure\(err\)`
		if err := fetchValue(c, url); err != nil {
			if errors.Is(err, context.Canceled) {
				return
			}
			if transientFailure(err) {
				time.Sleep(time.Second)
				continue
			}
			log.Printf("watch: %v", err)
		}
	}
}

// Look-alike: every other error returns.
func watchReturnsOnOthers(c *http.Client, url string) {
	wait := time.Second
	for {
		if err := fetchValue(c, url); err != nil {
			if transientFailure(err) {
				time.Sleep(wait)
				wait = min(2*wait, time.Minute)
				continue
			}
			log.Printf("watch: %v", err)
			return
		}
	}
}

// Look-alike: both failure paths wait.
func watchWaitsOnBoth(c *http.Client, url string) {
	for {
		if err := fetchValue(c, url); err != nil {
			if transientFailure(err) {
				time.Sleep(time.Second)
				continue
			}
			log.Printf("watch: %v", err)
			time.Sleep(10 * time.Second)
		}
	}
}

// Look-alike: the path without a wait is the success path.
func watchSuccessGoesOn(c *http.Client, url string) {
	for {
		err := fetchValue(c, url)
		if err == nil {
			continue
		}
		if transientFailure(err) {
			time.Sleep(time.Second)
			continue
		}
		time.Sleep(5 * time.Second)
	}
}

// Look-alike: a select with a timer waits on both failure paths.
func watchSelectsOnBoth(ctx context.Context, c *http.Client, url string) {
	for {
		if err := fetchValue(c, url); err != nil {
			if transientFailure(err) {
				select {
				case <-ctx.Done():
					return
				case <-time.After(time.Second):
				}
				continue
			}
			select {
			case <-ctx.Done():
				return
			case <-time.After(10 * time.Second):
			}
		}
	}
}
