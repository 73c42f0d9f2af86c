// Package verdictiface declares interfaces whose (bool, error) methods a
// retry loop of its own obeys, or does not: an implementation that answers
// "try again" on every error retries every error, here and in the packages
// that implement the interface (mail).
package verdictiface

import (
	"context"
	"errors"
	"net/http"
	"time"
)

// Sender's bool is a retry verdict: run goes round while it is true.
type Sender interface {
	Send(ctx context.Context, msg string) (bool, error)
}

func run(ctx context.Context, s Sender, msg string) error {
	for {
		retry, err := s.Send(ctx, msg)
		if err == nil || !retry {
			return err
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(time.Second):
		}
	}
}

// Notifier's bool is obeyed through Integration.Notify, which hands the
// pair on, in a loop paced by a ticker.
type Notifier interface {
	Notify(ctx context.Context) (retry bool, err error)
}

type Integration struct{ n Notifier }

// GOOD: hands the notifier's verdict on, it decides nothing itself.
func (i *Integration) Notify(ctx context.Context) (retry bool, err error) {
	defer func() { _ = retry }()
	retry, err = i.n.Notify(ctx)
	return retry, err
}

func (i *Integration) deliver(ctx context.Context) error {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
			retry, err := i.Notify(ctx)
			if err != nil {
				if !retry {
					return err
				}
			} else {
				return nil
			}
		}
	}
}

// A Sender of the declaring package itself.
type hookSender struct{ c *http.Client }

func (h *hookSender) Send(ctx context.Context, msg string) (bool, error) { // want `verdictiface.hookSender.Send answers true \(try again\) on every error, and the retry loop in verdictiface.run \(verdictiface.go:20\) obeys verdictiface.Sender.Send`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "http://hook.internal/", nil)
	if err != nil {
		return false, err
	}
	if err := do(h.c, req); err != nil {
		return true, err
	}
	return false, nil
}

// do sends a request and turns a status that is not a success into an
// error: the server's refusals come back as errors.
func do(c *http.Client, req *http.Request) error {
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		return errors.New(resp.Status)
	}
	return nil
}

var errRejected = errors.New("rejected")

// GOOD: tells a rejection apart before answering "again".
type checkedSender struct{ c *http.Client }

func (h checkedSender) Send(ctx context.Context, msg string) (bool, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "http://hook.internal/", nil)
	if err != nil {
		return false, err
	}
	err = do(h.c, req)
	if errors.Is(err, errRejected) {
		return false, err
	}
	if err != nil {
		return true, err
	}
	return false, nil
}

// Pager's bool means "more": the loop that reads it drives pages, with no
// wait between the calls, so its bool is no retry verdict.
type Pager interface {
	Next(ctx context.Context) (bool, error)
}

func drain(ctx context.Context, p Pager) error {
	for {
		more, err := p.Next(ctx)
		if !more {
			return err
		}
	}
}

// Checker's bool is obeyed only on success: every error leaves the loop
// before the verdict is read, so the loop polls and retries no failure.
type Checker interface {
	Ready(ctx context.Context) (bool, error)
}

func waitReady(ctx context.Context, c Checker) error {
	for {
		ready, err := c.Ready(ctx)
		if err != nil {
			return err
		}
		if ready {
			return nil
		}
		time.Sleep(time.Second)
	}
}

// Uploader's bool is obeyed by no loop at all.
type Uploader interface {
	Upload(ctx context.Context) (bool, error)
}

func uploadOnce(ctx context.Context, u Uploader) error {
	_, err := u.Upload(ctx)
	return err
}

// Worker's bool is obeyed by a loop that works for as long as its owner
// lives (it ends on the owner's stop): ending on a permanent error is the
// owner's decision, as with any region so stopped.
type Worker interface {
	Work(ctx context.Context) (bool, error)
}

type pump struct {
	w    Worker
	stop chan struct{}
}

func (p *pump) loop(ctx context.Context) error {
	for {
		again, err := p.w.Work(ctx)
		if !again {
			return err
		}
		select {
		case <-p.stop:
			return nil
		case <-time.After(time.Second):
		}
	}
}
