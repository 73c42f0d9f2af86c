package unboundedretry

import (
	"context"
	"time"
)

// A context an owner makes with context.WithCancel straight into a field,
// its cancel function in another field a method calls, ends when the owner
// stops: a loop waiting on it, directly or through a parameter every call
// fills from that field, is bounded by the owner's lifetime.

type ltWatcher struct{}

// GOOD: every call hands it the owner's lifetime context.
func (w *ltWatcher) watch(ctx context.Context) {
	for {
		if call() == nil {
			break
		}
		select {
		case <-time.After(10 * time.Second):
		case <-ctx.Done():
			return
		}
	}
}

type ltOwner struct {
	ctx    context.Context
	cancel context.CancelFunc
	w      *ltWatcher
}

func (o *ltOwner) Init() {
	o.ctx, o.cancel = context.WithCancel(context.Background())
	go o.follow()
}

func (o *ltOwner) follow() { o.w.watch(o.ctx) }

// GOOD: the loop waits on the lifetime field itself.
func (o *ltOwner) resubscribe() {
	for {
		if call() == nil {
			return
		}
		select {
		case <-time.After(10 * time.Second):
		case <-o.ctx.Done():
			return
		}
	}
}

func (o *ltOwner) Close() { o.cancel() }

// A context every caller makes with context.Background() has no end.

type ltBgWatcher struct{}

// BAD: its only caller hands it a context nobody cancels.
func (w *ltBgWatcher) watch(ctx context.Context) {
	for { // want `retry loop has no attempt limit and no deadline: <-ctx.Done\(\) never fires, as ltBgFollow hands ctx context.Background\(\); cap the attempts or set a deadline`
		if call() == nil {
			break
		}
		select {
		case <-time.After(10 * time.Second):
		case <-ctx.Done():
			return
		}
	}
}

func ltBgFollow(w *ltBgWatcher) { w.watch(context.Background()) }

// A lifetime context whose cancel function nothing calls never ends.

type ltUncancelled struct {
	ctx    context.Context
	cancel context.CancelFunc
}

func (o *ltUncancelled) Init() {
	o.ctx, o.cancel = context.WithCancel(context.Background())
}

type ltUncancelledWatcher struct{}

// BAD: the only caller hands it a context whose cancel is never called.
func (w *ltUncancelledWatcher) watch(ctx context.Context) {
	for { // want `never fires, as follow hands ctx o.ctx, which nothing can cancel`
		if call() == nil {
			break
		}
		select {
		case <-time.After(10 * time.Second):
		case <-ctx.Done():
			return
		}
	}
}

func (o *ltUncancelled) follow(w *ltUncancelledWatcher) { w.watch(o.ctx) }

type ltMixedWatcher struct{}

// BAD: one caller hands it the lifetime field, another a bare context.
func (w *ltMixedWatcher) watch(ctx context.Context) {
	for { // want `never fires, as followBoth hands ctx context.TODO\(\)`
		if call() == nil {
			break
		}
		select {
		case <-time.After(10 * time.Second):
		case <-ctx.Done():
			return
		}
	}
}

func (o *ltOwner) followBoth(w *ltMixedWatcher) {
	w.watch(o.ctx)
	w.watch(context.TODO())
}
