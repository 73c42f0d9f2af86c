package unboundedretry

import (
	"errors"
	"log"
	"time"
)

func dial() error { reach(); return errors.New("refused") }

// A clock check through a variable that holds the clock's answer is a
// deadline like time.Since(t0) > limit written in the condition.
func untilElapsed(limit time.Duration) error {
	t0 := time.Now()
	for {
		err := dial()
		if err == nil {
			return nil
		}
		elapsed := time.Since(t0)
		if elapsed > limit {
			return err
		}
		time.Sleep(time.Second)
	}
}

// A forwarding wrapper bounded by elapsed time: its callers are bounded too.
func retryFor(limit, pause time.Duration, f func() error) (err error) {
	t0 := time.Now()
	for {
		if err = f(); err == nil {
			return nil
		}
		elapsed := time.Since(t0)
		if elapsed > limit {
			return err
		}
		time.Sleep(pause)
	}
}

func callsRetryFor() error {
	return retryFor(20*time.Second, 2*time.Second, func() error { return dial() })
}

// Look-alike: the elapsed time is only logged; nothing ends the loop but
// success.
func elapsedLogged() error {
	t0 := time.Now()
	for { // want `retry loop has no attempt limit and no deadline`
		err := dial()
		if err == nil {
			return nil
		}
		elapsed := time.Since(t0)
		log.Printf("still failing after %s: %v", elapsed, err)
		time.Sleep(time.Second)
	}
}
