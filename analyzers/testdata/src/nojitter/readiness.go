package nojitter

import (
	"context"
	"database/sql"
	"time"

	goretry "github.com/sethvargo/go-retry"
)

// A readiness wait (connectivity probes under an elapsed-time limit of its
// own) polls for a dependency to come up. Its probes do no work, and
// fixedsleep leaves the same wait at a constant pace alone: a growing pace
// without jitter is no worse. A statement retried the same way does work, and
// so does a loop merely named for readiness whose attempt is no probe.

// GOOD: a database ping, twice as far apart each time, for at most a minute.
func waitDBReadyGrowing(ctx context.Context, db *sql.DB) error {
	start := time.Now()
	delay := 100 * time.Millisecond
	for {
		err := db.PingContext(ctx)
		if err == nil {
			return nil
		}
		if time.Since(start) > time.Minute {
			return err
		}
		time.Sleep(delay)
		delay = min(delay*2, 5*time.Second)
	}
}

// Look-alike: the same schedule retrying a statement, next to the ping.
func insertWithinMinute(ctx context.Context, db *sql.DB, id int) error {
	start := time.Now()
	delay := 100 * time.Millisecond
	for { // want `retry backoff delay grows but has no jitter`
		_, err := db.ExecContext(ctx, "INSERT INTO jobs(id) VALUES (?)", id)
		if err == nil {
			return nil
		}
		if time.Since(start) > time.Minute {
			return err
		}
		time.Sleep(delay)
		delay = min(delay*2, 5*time.Second)
	}
}

// Look-alike: named for readiness, but its attempt runs the migration.
func waitSchemaReady(ctx context.Context, db *sql.DB) error {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	for attempt := 0; ; attempt++ { // want `retry backoff base << attempt grows but has no jitter`
		if _, err := db.ExecContext(ctx, "CREATE TABLE IF NOT EXISTS jobs (id INT)"); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(base << attempt):
		}
	}
}

// Look-alike: a ping with no time limit of its own is a retry.
func pingSevenTimes(ctx context.Context, db *sql.DB) error {
	var err error
	for attempt := 0; attempt < 7; attempt++ { // want `retry backoff base << attempt grows but has no jitter`
		if err = db.PingContext(ctx); err == nil {
			return nil
		}
		time.Sleep(base << attempt)
	}
	return err
}

// GOOD: a func value named for a probe, handed to go-retry's exponential
// backoff under the helper's own time cap.
func waitReadyExponential(ctx context.Context, ready func(context.Context) error) error {
	b := goretry.WithMaxDuration(time.Minute, goretry.NewExponential(100*time.Millisecond))
	return goretry.Do(ctx, b, func(ctx context.Context) error {
		if err := ready(ctx); err != nil {
			return goretry.RetryableError(err)
		}
		return nil
	})
}

// Look-alike: the same helper around a func value that does work.
func deliverExponential(ctx context.Context, deliver func(context.Context) error) error {
	b := goretry.WithMaxDuration(time.Minute, goretry.NewExponential(100*time.Millisecond))
	return goretry.Do(ctx, b, func(ctx context.Context) error { // want `retry.Do backs off without jitter`
		if err := deliver(ctx); err != nil {
			return goretry.RetryableError(err)
		}
		return nil
	})
}
