package nojitter

import (
	"errors"
	"time"
)

// A wait field given a constant when it is zero holds that constant from
// then on: it does not grow, so there is no growing wait to spread.

const diDefaultInterval = 100 * time.Millisecond

type diRetry struct {
	Count    int
	Interval time.Duration
}

func diRead() error { reach(); return errors.New("timeout") }

// GOOD: the default is filled in once; every wait is the same.
func diRecv(r *diRetry) error {
	for {
		err := diRead()
		if err == nil {
			return nil
		}
		if r.Count == 0 {
			return err
		}
		r.Count--
		if r.Interval == 0 {
			r.Interval = diDefaultInterval
		}
		time.Sleep(r.Interval)
	}
}

// BAD: the field doubles every round.
func diRecvDoubling(r *diRetry) error {
	for { // want `retry backoff r.Interval grows but has no jitter`
		err := diRead()
		if err == nil {
			return nil
		}
		if r.Count == 0 {
			return err
		}
		r.Count--
		time.Sleep(r.Interval)
		r.Interval *= 2
	}
}
