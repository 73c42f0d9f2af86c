package unboundedretry

import (
	"context"
	"errors"
	"time"
)

// A loop a component runs in the background on the context its constructor
// or Start method was given ends when the owner cancels that context at
// teardown: no caller waits for it, and the context is meant to have no
// deadline. The same loop called and waited for keeps the caller waiting as
// long as the caller's context allows.

var errNotBuilt = errors.New("not built")

type lcIndex struct {
	ready chan struct{}
	ctx   context.Context
}

func (x *lcIndex) load(ctx context.Context) error { return callCtx(ctx) }

// NewLcIndex starts building in the background on the lifecycle context.
func NewLcIndex(ctx context.Context) *lcIndex {
	x := &lcIndex{ready: make(chan struct{})}
	go x.buildLoop(ctx)
	return x
}

// GOOD: started only by the constructor, on its context.
func (x *lcIndex) buildLoop(ctx context.Context) {
	for n := 0; ; n++ {
		if ctx.Err() != nil {
			return
		}
		if err := x.load(ctx); err == nil {
			close(x.ready)
			return
		}
		time.Sleep(time.Duration(n) * time.Second)
	}
}

// Start runs the refresher on a context the owner holds.
func (x *lcIndex) Start() {
	go x.refreshLoop(x.ctx)
}

// GOOD: started only by Start, on the owner's context.
func (x *lcIndex) refreshLoop(ctx context.Context) {
	for {
		if ctx.Err() != nil {
			return
		}
		if err := x.load(ctx); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

// NewLcWarm starts a goroutine literal on the constructor's context.
func NewLcWarm(ctx context.Context) *lcIndex {
	x := &lcIndex{}
	go func() {
		for { // GOOD: a goroutine of the constructor, on its context
			if ctx.Err() != nil {
				return
			}
			if err := x.load(ctx); err == nil {
				return
			}
			time.Sleep(time.Second)
		}
	}()
	return x
}

// Look-alikes the caller's context bounds, and one whose caller hands it
// a context nobody cancels.

// Fetch is called and waited for on a request's context.
func (x *lcIndex) Fetch(ctx context.Context) error {
	for {
		if ctx.Err() != nil {
			return errNotBuilt
		}
		if err := x.load(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
}

// NewLcDetached starts the loop on a context nobody cancels.
func NewLcDetached() *lcIndex {
	x := &lcIndex{}
	go x.detachedLoop(context.Background())
	return x
}

func (x *lcIndex) detachedLoop(ctx context.Context) {
	for { // want `retry loop has no attempt limit and no deadline: ctx.Err\(\) != nil never fires, as NewLcDetached hands ctx context.Background\(\)`
		if ctx.Err() != nil {
			return
		}
		if err := x.load(ctx); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

// Handle starts the loop from a request's handler, not a component's start.
func (x *lcIndex) Handle(ctx context.Context) {
	go x.handledLoop(ctx)
}

func (x *lcIndex) handledLoop(ctx context.Context) {
	for {
		if ctx.Err() != nil {
			return
		}
		if err := x.load(ctx); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

// NewLcBoth starts the loop, and Sync also calls it and waits.
func NewLcBoth(ctx context.Context) *lcIndex {
	x := &lcIndex{}
	go x.sharedLoop(ctx)
	return x
}

func (x *lcIndex) Sync(ctx context.Context) { x.sharedLoop(ctx) }

func (x *lcIndex) sharedLoop(ctx context.Context) {
	for {
		if ctx.Err() != nil {
			return
		}
		if err := x.load(ctx); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}
