package httptimeout

import (
	"errors"
	"log"
	"net/http"
	"time"
)

// Sends run by a goroutine whose starter waits for the answer in a select
// that returns when a timer fires: the timer bounds the caller's wait
// (watchdog.go).

var errWatchdog = errors.New("request timed out")

type wdResult struct {
	resp *http.Response
	err  error
}

type wdConn struct {
	client *http.Client
}

func newWDConn() *wdConn {
	return &wdConn{client: &http.Client{}} // quiet: every send is watched
}

func (c *wdConn) do(timer *time.Timer, req *http.Request) (*http.Response, error) {
	done := make(chan wdResult, 1)
	go func() {
		resp, err := c.client.Do(req)
		done <- wdResult{resp, err}
	}()
	select {
	case r := <-done:
		return r.resp, r.err
	case <-timer.C:
		return nil, errWatchdog
	}
}

func wdGet(u string) (*http.Response, error) {
	req, _ := http.NewRequest(http.MethodGet, u, nil)
	c := &http.Client{}
	done := make(chan wdResult, 1)
	go func() {
		resp, err := c.Do(req)
		done <- wdResult{resp, err}
	}()
	select {
	case r := <-done:
		return r.resp, r.err
	case <-time.After(10 * time.Second):
		return nil, errWatchdog
	}
}

func wdDefault(u string) error {
	errs := make(chan error, 1)
	go func() {
		resp, err := http.Get(u)
		if err == nil {
			resp.Body.Close()
		}
		errs <- err
	}()
	select {
	case err := <-errs:
		return err
	case <-time.After(5 * time.Second):
		return errWatchdog
	}
}

// BAD: the timer only logs; the caller still waits for the answer.
func wdLogsOnly(u string) error {
	errs := make(chan error, 1)
	go func() {
		resp, err := http.Get(u) // want `http.Get sends with http.DefaultClient`
		if err == nil {
			resp.Body.Close()
		}
		errs <- err
	}()
	for {
		select {
		case err := <-errs:
			return err
		case <-time.After(5 * time.Second):
			log.Print("still waiting")
		}
	}
}

// BAD: a goroutine with no watch at all.
func wdUnwatched(u string) error {
	errs := make(chan error, 1)
	go func() {
		resp, err := http.Get(u) // want `http.Get sends with http.DefaultClient`
		if err == nil {
			resp.Body.Close()
		}
		errs <- err
	}()
	return <-errs
}
