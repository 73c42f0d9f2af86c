// Package main is a command: its own retries pace one process. Not so a
// request handler's (once per request), a retry without any wait (a burst,
// whoever retries), or a Temporal policy (the server retries every workflow).
package main

import (
	"context"
	"database/sql"
	"log"
	"net/http"
	"time"

	backoff "github.com/cenkalti/backoff/v4"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"
)

// db stands for a database: a statement it may refuse for good is the attempt
// of these retries.
var db *sql.DB

func send() error { _, err := db.Exec("UPDATE jobs SET state = 'done'"); return err }

// GOOD: the command's join at start.
func join() error {
	var err error
	for i := 0; i < 5; i++ {
		if err = send(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// GOOD: a helper set to a constant delay, in the command.
func register() error {
	return backoff.Retry(send, backoff.WithMaxRetries(backoff.NewConstantBackOff(time.Second), 5))
}

// BAD: no wait at all.
func joinAtOnce() error {
	var err error
	for i := 0; i < 8; i++ { // want `retry loop tries again at once after a failure`
		if err = send(); err == nil {
			return nil
		}
	}
	return err
}

// GOOD: one immediate second try, whose errors are only logged (a
// diagnostic command): one more call of one process is no burst.
func checkTwice() {
	const tries = 2
	for i := range tries {
		if err := send(); err != nil {
			log.Printf("attempt %d/%d: %v", i+1, tries, err)
			continue
		}
		break
	}
}

// BAD: a request handler's immediate second try, once per request in flight.
func handleTwice(w http.ResponseWriter, r *http.Request) {
	for i := 0; i < 8; i++ { // want `retry loop tries again at once after a failure`
		if err := send(); err == nil {
			return
		}
	}
	w.WriteHeader(http.StatusServiceUnavailable)
}

// BAD: a helper set to no delay at all.
func registerAtOnce() error {
	return backoff.Retry(send, backoff.WithMaxRetries(&backoff.ZeroBackOff{}, 3)) // want `backoff.Retry retries at once, without any delay`
}

// BAD: a request handler's retry, once per request in flight.
func handle(w http.ResponseWriter, r *http.Request) {
	for i := 0; i < 20; i++ { // want `retry loop waits the same time.Second before every attempt`
		if err := send(); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

// BAD: a retry in a function literal of a handler.
func handler() http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		_ = backoff.Retry(send, backoff.WithMaxRetries(backoff.NewConstantBackOff(time.Second), 5)) // want `backoff.Retry waits the same delay before every attempt`
	}
}

func shipActivity(ctx context.Context, id string) error { return send() }

// BAD: the Temporal server retries the activity of every workflow.
func shipWorkflow(ctx workflow.Context) error {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: time.Minute,
		RetryPolicy:         &temporal.RetryPolicy{InitialInterval: 5 * time.Second, BackoffCoefficient: 1, MaximumAttempts: 10},
	})
	return workflow.ExecuteActivity(ctx, shipActivity, "42").Get(ctx, nil) // want `workflow.ExecuteActivity waits the same delay before every attempt`
}

func main() {
	_ = join()
	_ = register()
	_ = joinAtOnce()
	_ = registerAtOnce()
	checkTwice()
	http.HandleFunc("/", handle)
	http.HandleFunc("/twice", handleTwice)
}
