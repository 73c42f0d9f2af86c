// Package main is a command: its own retries pace one process, a request
// handler's run once per request.
package main

import (
	"net"
	"net/http"
	"time"

	backoff "github.com/cenkalti/backoff/v4"
)

const base = 100 * time.Millisecond

func dial() error { net.Dial("tcp", "service.internal:80"); return nil }

// GOOD: the command's join at start.
func join() error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		if err = dial(); err == nil {
			return nil
		}
		time.Sleep(base << attempt)
	}
	return err
}

// GOOD: a helper without jitter, in the command.
func register() error {
	b := backoff.NewExponentialBackOff(backoff.WithRandomizationFactor(0))
	return backoff.Retry(dial, backoff.WithMaxRetries(b, 5))
}

// BAD: a request handler's retry, once per request in flight.
func handle(w http.ResponseWriter, r *http.Request) {
	for attempt := 0; attempt < 8; attempt++ { // want `retry backoff base << attempt grows but has no jitter`
		if err := dial(); err == nil {
			return
		}
		time.Sleep(base << attempt)
	}
}

func main() {
	_ = join()
	_ = register()
	http.HandleFunc("/", handle)
}
