package retryall

import (
	"context"
	"fmt"
	"log"
	"time"
)

// A loop that keeps something alive and has nobody to give a failure to
// (retryscope.Result.KeepsAlive): its function has no error result, the
// error goes nowhere but a log line, and the loop leaves only on success or
// when a context or stop others end fires. Leaving on a "permanent" error
// would stop the work for good with nobody told. The same loop that could
// tell somebody (an error result, a field, a channel, a callback) or that
// gives up on its own (a count, a deadline of its own) could classify.

type feed struct{}

type subscriber struct {
	lastErr error
	status  string
	errs    chan error
	onError func(error)
}

func (s *subscriber) subscribe(ctx context.Context) (*feed, error) { reach(); return &feed{}, nil }

const resubscribeCap = 30 * time.Second

// GOOD: resubscribes until it works or ctx ends; nil means "stopped".
func (s *subscriber) resubscribe(ctx context.Context) *feed {
	delay := 500 * time.Millisecond
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(delay):
		}
		f, err := s.subscribe(ctx)
		if err != nil {
			log.Printf("resubscribe: %v", err)
			delay *= 2
			if delay > resubscribeCap {
				delay = resubscribeCap
			}
			continue
		}
		return f
	}
}

// GOOD: the loop's condition is the caller's context; success leaves.
func (s *subscriber) keepSubscribed(ctx context.Context) {
	for ctx.Err() == nil {
		if _, err := s.subscribe(ctx); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

// GOOD: a stop channel the caller closes; the error only logged.
func (s *subscriber) resubscribeUntil(ctx context.Context, stop <-chan struct{}) {
	for {
		_, err := s.subscribe(ctx)
		if err == nil {
			return
		}
		log.Println("subscribe failed:", err)
		select {
		case <-stop:
			return
		case <-time.After(time.Second):
		}
	}
}

// GOOD: two steps, each failure logged; the else of the last test leaves.
func (s *subscriber) watchFeed(ctx context.Context) {
	var err error
	for {
		if _, err = s.subscribe(ctx); err != nil {
			log.Printf("subscribe: %v", err)
		} else if _, err = s.subscribe(ctx); err != nil {
			log.Printf("resume: %v", err)
		} else {
			break
		}
		select {
		case <-time.After(10 * time.Second):
		case <-ctx.Done():
			return
		}
	}
	log.Println("watching")
}

// Look-alike: the error is handed to a function of the package, which may
// keep it.
func (s *subscriber) resubscribeRecording(ctx context.Context) *feed {
	for { // want `retry loop retries every error alike`
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(time.Second):
		}
		f, err := s.subscribe(ctx)
		if err != nil {
			s.record(err)
			continue
		}
		return f
	}
}

func (s *subscriber) record(err error) { s.lastErr = err }

// Look-alike: an error result; it could return permanent failures.
func (s *subscriber) resubscribeOrFail(ctx context.Context) (*feed, error) {
	for { // want `retry loop retries every error alike`
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Second):
		}
		f, err := s.subscribe(ctx)
		if err != nil {
			continue
		}
		return f, nil
	}
}

// Look-alike: the error is sent to whoever reads the channel.
func (s *subscriber) resubscribeReporting(ctx context.Context) *feed {
	for { // want `retry loop retries every error alike`
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(time.Second):
		}
		f, err := s.subscribe(ctx)
		if err != nil {
			s.errs <- err
			continue
		}
		return f
	}
}

// Look-alike: the error is kept where a caller reads it.
func (s *subscriber) resubscribeKeeping(ctx context.Context) *feed {
	for { // want `retry loop retries every error alike`
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(time.Second):
		}
		f, err := s.subscribe(ctx)
		if err != nil {
			s.lastErr = err
			continue
		}
		return f
	}
}

// Look-alike: a text made from the error is kept where a caller reads it.
func (s *subscriber) resubscribeShowing(ctx context.Context) *feed {
	for { // want `retry loop retries every error alike`
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(time.Second):
		}
		f, err := s.subscribe(ctx)
		if err != nil {
			var reason = fmt.Sprintf("subscribe: %v", err)
			s.status = reason
			continue
		}
		return f
	}
}

// Look-alike: the error is handed to a callback.
func (s *subscriber) resubscribeNotifying(ctx context.Context) *feed {
	for { // want `retry loop retries every error alike`
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(time.Second):
		}
		f, err := s.subscribe(ctx)
		if err != nil {
			s.onError(err)
			continue
		}
		return f
	}
}

// Look-alike: it gives up after a count: a bounded retry that could
// classify.
func (s *subscriber) resubscribeCounted(ctx context.Context) *feed {
	failures := 0
	for { // want `retry loop retries every error alike`
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(time.Second):
		}
		f, err := s.subscribe(ctx)
		if err != nil {
			failures++
			if failures > 20 {
				return nil
			}
			continue
		}
		return f
	}
}

// Look-alike: its own deadline ends it, with a failure.
func (s *subscriber) resubscribeForAMinute(ctx context.Context) *feed {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	for { // want `retry loop retries every error alike`
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(time.Second):
		}
		f, err := s.subscribe(ctx)
		if err != nil {
			continue
		}
		return f
	}
}

// Look-alike: a context made from Background here never ends: nothing but
// success ends the loop.
func (s *subscriber) resubscribeDetached() *feed {
	ctx := context.Background()
	for { // want `retry loop retries every error alike`
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(time.Second):
		}
		f, err := s.subscribe(ctx)
		if err != nil {
			continue
		}
		return f
	}
}
