package sleepnoctx

import (
	"errors"
	"flag"
	"net"
	"time"
)

// A wait whose duration is an unexported field or package variable that the
// package never gives a non-zero value is no wait: nothing is held up, so
// there is nothing to cancel. A field set from a parameter, by an exported
// option, through a pointer, or an exported field (another package may set
// it) may hold any wait: reported.

func zwTry() error {
	c, err := net.Dial("tcp", "db.example:5432")
	if err != nil {
		return err
	}
	return c.Close()
}

type zwLock struct {
	retries  int
	interval time.Duration
}

func newZwLock(retries int) zwLock {
	if retries <= 0 {
		return zwLock{}
	}
	return zwLock{retries: retries}
}

// GOOD: interval is never set, so the sleep lasts 0.
func (l zwLock) lockWithRetries() error {
	for i := 0; i <= l.retries; i++ {
		if err := zwTry(); err == nil {
			return nil
		}
		time.Sleep(l.interval)
	}
	return errors.New("not locked")
}

var zwPause time.Duration

type zwZeroed struct{ pause time.Duration }

var zwDefault = zwZeroed{pause: 0}

// GOOD: a package variable never set, and a field only ever set to 0.
func zwUnsetVar() error {
	var err error
	for {
		if err = zwTry(); err == nil {
			return nil
		}
		time.Sleep(zwPause)
		time.Sleep(zwDefault.pause)
	}
}

type zwPacer struct{ interval time.Duration }

func newZwPacer(interval time.Duration) *zwPacer { return &zwPacer{interval: interval} }

// BAD: the constructor's caller chooses the wait.
func (p *zwPacer) run() error {
	for { // want `time.Sleep between retry attempts cannot be cancelled`
		if err := zwTry(); err == nil {
			return nil
		}
		time.Sleep(p.interval)
	}
}

type zwClient struct{ wait time.Duration }

// ZwOption configures a zwClient.
type ZwOption func(*zwClient)

// WithZwWait sets the wait between attempts.
func WithZwWait(d time.Duration) ZwOption { return func(c *zwClient) { c.wait = d } }

// BAD: an exported option sets the wait.
func (c *zwClient) run() error {
	for { // want `time.Sleep between retry attempts cannot be cancelled`
		if err := zwTry(); err == nil {
			return nil
		}
		time.Sleep(c.wait)
	}
}

// ZwRetrier is configured by its users.
type ZwRetrier struct{ Interval time.Duration }

// BAD: an exported field: another package may set it.
func (r ZwRetrier) Run() error {
	for { // want `time.Sleep between retry attempts cannot be cancelled`
		if err := zwTry(); err == nil {
			return nil
		}
		time.Sleep(r.Interval)
	}
}

type zwFlags struct{ backoff time.Duration }

var zwCfg zwFlags

func init() { flag.DurationVar(&zwCfg.backoff, "backoff", time.Minute, "wait between attempts") }

// BAD: the field is written through a pointer (a flag).
func zwFlagWait() error {
	for { // want `time.Sleep between retry attempts cannot be cancelled`
		if err := zwTry(); err == nil {
			return nil
		}
		time.Sleep(zwCfg.backoff)
	}
}
