package fixedsleep

import (
	"context"
	"database/sql"
	"time"

	retry "github.com/sethvargo/go-retry"
)

// A readiness wait (connectivity probes under an elapsed-time limit of its
// own) polls for a state: a steady pace is the poll's, not a retry's. With no
// wait at all it still hammers the dependency.

// GOOD: a database ping every second, for at most a minute.
func waitDBReady(ctx context.Context, db *sql.DB) error {
	start := time.Now()
	for {
		err := db.PingContext(ctx)
		if err == nil {
			return nil
		}
		if time.Since(start) > time.Minute {
			return err
		}
		time.Sleep(time.Second)
	}
}

// Look-alike: the same ping with no wait tries again at once.
func waitDBHot(ctx context.Context, db *sql.DB) error {
	start := time.Now()
	for { // want `retry loop tries again at once after a failure`
		err := db.PingContext(ctx)
		if err == nil {
			return nil
		}
		if time.Since(start) > time.Minute {
			return err
		}
	}
}

// Look-alike: a ping with no time limit of its own is a retry.
func pingTenTimes(ctx context.Context, db *sql.DB) error {
	var err error
	for i := 0; i < 20; i++ { // want `waits the same time.Second before every attempt`
		if err = db.PingContext(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

type readyFunc func(ctx context.Context) error

// GOOD: a readiness func value retried at a constant pace under a timeout.
func waitReadyFunc(ctx context.Context, readiness readyFunc, timeout, delay time.Duration) error {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	return retry.Do(ctx, retry.NewConstant(delay), func(ctx context.Context) error {
		if err := readiness(ctx); err != nil {
			return retry.RetryableError(err)
		}
		return nil
	})
}

// Look-alike: a func value not named for a probe does work.
func deliverWithin(ctx context.Context, deliver readyFunc, delay time.Duration) error {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	return retry.Do(ctx, retry.NewConstant(delay), func(ctx context.Context) error { // want `retry.Do waits the same delay before every attempt`
		if err := deliver(ctx); err != nil {
			return retry.RetryableError(err)
		}
		return nil
	})
}
