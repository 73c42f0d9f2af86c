package loops

import (
	"context"
	"errors"
	"io"
	"log"
	"time"
)

type status struct{ Done bool }

func poll() (status, error) { return status{}, nil }
func process(int) error     { return nil }

// A periodic worker runs again whether the work failed or not.
func periodicWorker(ctx context.Context) {
	ticker := time.NewTicker(time.Minute)
	defer ticker.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-ticker.C:
			if err := call(); err != nil {
				log.Print(err)
			}
		}
	}
}

// A periodic loop with a sleep goes on after success too.
func sleepingWorker() {
	for {
		if err := call(); err != nil {
			log.Print(err)
		}
		time.Sleep(time.Minute)
	}
}

// A poller ends on a condition of the result, not on success of the call.
func poller() error {
	for {
		st, err := poll()
		if err != nil {
			return err
		}
		if st.Done {
			return nil
		}
		time.Sleep(time.Second)
	}
}

// A tolerant poller keeps polling on errors, but success alone does not end it.
func tolerantPoller() {
	for {
		st, err := poll()
		if err == nil && st.Done {
			return
		}
		time.Sleep(time.Second)
	}
}

// A batch drain stops on the first error.
func drain(items []int) error {
	for _, it := range items {
		if err := process(it); err != nil {
			return err
		}
	}
	return nil
}

// A batch that skips failed items does not retry them.
func skipFailed(items []int) int {
	n := 0
	for _, it := range items {
		if err := process(it); err != nil {
			log.Print(err)
			continue
		}
		n++
	}
	return n
}

// An event loop.
func eventLoop(ctx context.Context, events <-chan int) error {
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case ev := <-events:
			if err := process(ev); err != nil {
				log.Print(err)
			}
		}
	}
}

// A reader loop ends on EOF and on errors.
func readAll(r io.Reader) error {
	buf := make([]byte, 512)
	for {
		_, err := r.Read(buf)
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// Generic code with a loop over a slice.
func mapAll[T any](xs []T, f func(T) error) error {
	for _, x := range xs {
		if err := f(x); err != nil {
			return errors.Join(err)
		}
	}
	return nil
}

// Recursion over a tree is not a retry.
type node struct{ kids []*node }

func walk(n *node) error {
	if err := call(); err != nil {
		return err
	}
	for _, k := range n.kids {
		if err := walk(k); err != nil {
			return err
		}
	}
	return nil
}

// An event loop that, on some events only, tries to finish and stops once that
// works, is not a retry: most iterations make no attempt.
func flusher(flush, quit <-chan struct{}, last func() bool, closeFiles func() error) {
	for {
		select {
		case <-flush:
			if last() {
				continue
			}
			if err := closeFiles(); err == nil {
				return
			}
		case <-quit:
			return
		}
	}
}

func create(cfg map[string]int) error { return nil }
func isBusy(err error) bool           { return err != nil }

// Trying the next port after "port in use" is a search, but a stepped number
// handed to the attempt reads the same as an attempt number (send(ctx, try)),
// which is far more common: the engine takes it as a retry.
func nextPort(cfg map[string]int) error {
	port := 8000
	for attempt := 0; attempt < 10; attempt++ { // want `retry loop classified=true bounded=true max=10$`
		cfg["port"] = port
		err := create(cfg)
		if err == nil {
			return nil
		}
		if !isBusy(err) {
			return err
		}
		port++
	}
	return nil
}

type broker struct{ next *broker }

func (b *broker) dial() error { return nil }

// Walking a linked list of brokers until one answers is failover.
func firstBroker(head *broker) error {
	var err error
	for b := head; b != nil; b = b.next { // want `retry loop classified=false bounded=false failover`
		if err = b.dial(); err == nil {
			return nil
		}
	}
	return err
}

// The attempt number handed to the attempt does not make a loop a failover.
func attemptNumber(ctx context.Context, send func(int) error) error {
	try := 0
	for { // want `retry loop classified=false bounded=true deadline\(local=false\) wait=after/const/cancellable`
		select {
		case <-ctx.Done():
			return ctx.Err()
		default:
		}
		if err := send(try); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
		case <-time.After(time.Second):
		}
		try++
	}
}

type logger struct{}

func (logger) Fatalf(string, ...any) {}
func (logger) Printf(string, ...any) {}

// A loop that repairs once and treats a second failure as fatal goes round
// once: the flag is set only past its test's false side (loop_once.go), a
// two-step attempt, not a retry.
func repairOnce(lg logger) {
	repaired := false
	for {
		if err := call(); err != nil {
			if repaired {
				lg.Fatalf("still broken: %v", err)
			}
			lg.Printf("repairing: %v", err)
			repaired = true
			continue
		}
		break
	}
}
