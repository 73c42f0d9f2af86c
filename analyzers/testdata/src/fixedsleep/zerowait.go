package fixedsleep

import (
	"errors"
	"net"
	"net/http"
	"time"
)

// A wait whose duration is an unexported field or package variable that the
// package never gives a non-zero value lasts 0: the loop tries again at once,
// and is reported as such only where that claim holds (MayBeRefused: a
// server can refuse; a redial asks nobody to slow down). A field set from a
// constructor's parameter, by an exported option, or an exported field is a
// real wait, the same one every attempt.

type zwLock struct {
	client   *http.Client
	retries  int
	interval time.Duration
}

func newZwLock(c *http.Client, retries int) zwLock { return zwLock{client: c, retries: retries} }

func (l zwLock) lock() error {
	resp, err := l.client.Post("http://locks/take", "text/plain", nil)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return errors.New(resp.Status)
	}
	return nil
}

// BAD: interval is never set: the sleep lasts 0 and the server is asked again at once.
func (l zwLock) lockWithRetries() error {
	for i := 0; i <= l.retries; i++ { // want `retry loop tries again at once after a failure`
		if err := l.lock(); err == nil {
			return nil
		}
		time.Sleep(l.interval)
	}
	return errors.New("not locked")
}

var zwRedialPause time.Duration

// GOOD: a redial at once (the pause is never set) asks nobody to slow down.
func zwRedial(addr string) (net.Conn, error) {
	var err error
	for i := 0; i < 3; i++ {
		var c net.Conn
		if c, err = net.Dial("tcp", addr); err == nil {
			return c, nil
		}
		time.Sleep(zwRedialPause)
	}
	return nil, err
}

type zwPacer struct {
	lock     zwLock
	interval time.Duration
}

func newZwPacer(l zwLock, interval time.Duration) *zwPacer {
	return &zwPacer{lock: l, interval: interval}
}

// BAD: the constructor's caller chooses the wait; it is the same every time.
func (p *zwPacer) run() error {
	var err error
	for i := 0; i < 5; i++ { // want `retry loop waits the same p.interval before every attempt`
		if err = p.lock.lock(); err == nil {
			return nil
		}
		time.Sleep(p.interval)
	}
	return err
}

type zwClient struct {
	lock zwLock
	wait time.Duration
}

// ZwOption configures a zwClient.
type ZwOption func(*zwClient)

// WithZwWait sets the wait between attempts.
func WithZwWait(d time.Duration) ZwOption { return func(c *zwClient) { c.wait = d } }

// BAD: an exported option sets the wait.
func (c *zwClient) run() error {
	var err error
	for i := 0; i < 5; i++ { // want `retry loop waits the same c.wait before every attempt`
		if err = c.lock.lock(); err == nil {
			return nil
		}
		time.Sleep(c.wait)
	}
	return err
}

// ZwRetrier is configured by its users.
type ZwRetrier struct {
	Interval time.Duration
	lock     zwLock
}

// BAD: an exported field: another package may set it.
func (r ZwRetrier) Run() error {
	var err error
	for i := 0; i < 5; i++ { // want `retry loop waits the same r.Interval before every attempt`
		if err = r.lock.lock(); err == nil {
			return nil
		}
		time.Sleep(r.Interval)
	}
	return err
}
