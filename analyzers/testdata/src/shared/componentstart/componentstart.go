// Package componentstart is a shared fixture: the rules it names judge the
// same code, and each line says which of them report it (analyzers'
// TestSharedFixtures).
//
// A long-lived component is started once: its lifetime function takes only
// its stop signal. A bounded retry it runs before it serves, outside its
// loops, is a boot-time wait (for a key another replica creates, for defaults
// the leader writes): no herd of callers paces with it, and a permanent error
// delays one start by the bound. The same retry per event, in a loop, in a
// function the package also calls elsewhere, or with no bound, stays a retry.
//
// rules: retryall fixedsleep nojitter
package componentstart

import (
	"context"
	"time"

	"github.com/sethvargo/go-retry"
)

// keyStore is out of sight (an interface): it may reach another system.
type keyStore interface {
	Load(ctx context.Context, name string) ([]byte, error)
	Save(ctx context.Context, name string, key []byte) error
}

type defaultsComponent struct{ store keyStore }

func (c *defaultsComponent) Start(stop <-chan struct{}) error {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		<-stop
		cancel()
	}()
	return retry.Do(ctx, retry.WithMaxDuration(10*time.Minute, retry.NewConstant(5*time.Second)), func(ctx context.Context) error {
		return retry.RetryableError(c.store.Save(ctx, "defaults", []byte("{}")))
	})
}

type signer struct{ store keyStore }

// Start is a runnable's: it waits for its context's end.
func (s *signer) Start(ctx context.Context) error {
	go func() {
		if _, err := s.loadKey(ctx); err != nil {
			return
		}
	}()
	<-ctx.Done()
	return nil
}

// loadKey is called once, by Start: a boot-time wait.
func (s *signer) loadKey(ctx context.Context) ([]byte, error) {
	for i := 0; i < 300; i++ {
		key, err := s.store.Load(ctx, "signing")
		if err == nil {
			return key, nil
		}
		time.Sleep(time.Second)
	}
	return nil, context.DeadlineExceeded
}

// startFunc is a component written as a function.
type startFunc func(stop <-chan struct{}) error

func register(add func(startFunc)) {
	add(func(stop <-chan struct{}) error {
		var key []byte
		err := retry.Do(context.Background(), retry.WithMaxRetries(300, retry.NewConstant(time.Second)), func(ctx context.Context) error {
			k, err := (keyStore)(nil).Load(ctx, "ca")
			key = k
			return retry.RetryableError(err)
		})
		if err != nil {
			return err
		}
		_ = key
		<-stop
		return nil
	})
}

// Look-alikes.

type watcher struct {
	store  keyStore
	events chan string
}

// A retry per event of the component's loop runs again and again.
func (w *watcher) Start(stop <-chan struct{}) error {
	for {
		select {
		case <-stop:
			return nil
		case name := <-w.events:
			_ = retry.Do(context.Background(), retry.WithMaxRetries(30, retry.NewConstant(time.Second)), func(ctx context.Context) error { // reports: retryall fixedsleep
				return retry.RetryableError(w.store.Save(ctx, name, nil))
			})
		}
	}
}

type job struct{ store keyStore }

// A Start that does not wait for its context's end is a job's, run per job,
// and so is a function handed a channel that it does not wait on.
func (j *job) Start(ctx context.Context) error {
	return retry.Do(ctx, retry.WithMaxRetries(30, retry.NewConstant(time.Second)), func(ctx context.Context) error { // reports: retryall fixedsleep
		return retry.RetryableError(j.store.Save(ctx, "job", nil))
	})
}

func flushUntil(stop <-chan struct{}, s keyStore) error {
	return retry.Do(context.Background(), retry.WithMaxRetries(30, retry.NewConstant(time.Second)), func(ctx context.Context) error { // reports: retryall fixedsleep
		return retry.RetryableError(s.Save(ctx, "flush", nil))
	})
}

type cache struct{ store keyStore }

func (c *cache) Start(ctx context.Context) error {
	_, _ = c.fetch(ctx, "warm")
	<-ctx.Done()
	return nil
}

// Get serves every caller: fetch runs per call, not once.
func (c *cache) Get(ctx context.Context, name string) ([]byte, error) { return c.fetch(ctx, name) }

func (c *cache) fetch(ctx context.Context, name string) ([]byte, error) {
	var out []byte
	err := retry.Do(ctx, retry.WithMaxRetries(30, retry.NewConstant(time.Second)), func(ctx context.Context) error { // reports: retryall fixedsleep
		b, err := c.store.Load(ctx, name)
		out = b
		return retry.RetryableError(err)
	})
	return out, err
}

type endless struct{ store keyStore }

// With no bound a permanent error blocks the start for good.
func (e *endless) Start(stop <-chan struct{}) error {
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		<-stop
		cancel()
	}()
	return retry.Do(ctx, retry.NewConstant(time.Second), func(ctx context.Context) error { // reports: retryall
		return retry.RetryableError(e.store.Save(ctx, "defaults", nil))
	})
}
