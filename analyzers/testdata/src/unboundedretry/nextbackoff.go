package unboundedretry

import (
	"time"

	backoff "github.com/cenkalti/backoff/v4"
)

// cenkalti/backoff's NextBackOff as the wait of a hand-written loop: the loop
// ends when it compares the delay with backoff.Stop, which MaxElapsedTime or
// WithMaxRetries make NextBackOff return.
func nextBackOffStops() error {
	b := backoff.NewExponentialBackOff(backoff.WithMaxElapsedTime(time.Minute))
	for {
		err := call()
		if err == nil {
			return nil
		}
		d := b.NextBackOff()
		if d == backoff.Stop {
			return err
		}
		time.Sleep(d)
	}
}

// Look-alike: a MaxElapsedTime that nothing checks ends nothing:
// time.Sleep(backoff.Stop) returns at once, and the loop goes on.
func nextBackOffUnchecked() error {
	b := backoff.NewExponentialBackOff(backoff.WithMaxElapsedTime(time.Minute))
	for { // want `retry loop has no attempt limit and no deadline`
		err := call()
		if err == nil {
			return nil
		}
		time.Sleep(b.NextBackOff())
	}
}
