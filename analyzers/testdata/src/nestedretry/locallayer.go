package nestedretry

// A retry inside the attempt is a second layer on a dependency only when its
// own attempt reaches the dependency. A loop that retries an in-process lock
// before one request (here or in another package) repeats local attempts: the
// outer retry still sends one request per attempt, so nothing multiplies.

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"time"

	"example.com/locallayer"
)

var llErrHeld = errors.New("lock held")

type llGate struct {
	mu   sync.Mutex
	held bool
}

func (g *llGate) enter() error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.held {
		return llErrHeld
	}
	g.held = true
	return nil
}

func (g *llGate) leave() {
	g.mu.Lock()
	g.held = false
	g.mu.Unlock()
}

func (g *llGate) enterWithRetry() error {
	deadline := time.Now().Add(time.Second)
	for {
		err := g.enter()
		if err == nil {
			return nil
		}
		if !errors.Is(err, llErrHeld) || time.Now().After(deadline) {
			return err
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func llSend(ctx context.Context, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// llPush waits for the in-process lock, retried, then sends once.
func llPush(ctx context.Context, g *llGate, url string) error {
	if err := g.enterWithRetry(); err != nil {
		return err
	}
	defer g.leave()
	return llSend(ctx, url)
}

// llPushWithRetry retries the request itself.
func llPushWithRetry(ctx context.Context, url string) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = llSend(ctx, url); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// localLayerSamePackage: the inner loop retries a lock of this process.
func localLayerSamePackage(ctx context.Context, g *llGate, url string) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = llPush(ctx, g, url); err == nil { // quiet: the inner retry takes a local lock
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// localLayerOtherPackage: the same, the inner loop in a dependency.
func localLayerOtherPackage(ctx context.Context, url string) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = locallayer.Push(ctx, url); err == nil { // quiet: the dependency's retry takes a local lock
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// remoteLayerSamePackage: the inner loop retries the request.
func remoteLayerSamePackage(ctx context.Context, url string) error {
	var err error
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) around llPushWithRetry, which retries on its own \(retry loop, 3 attempts\): 3 × 3 = 9 attempts`
		if err = llPushWithRetry(ctx, url); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// remoteLayerOtherPackage: the dependency's loop retries the request.
func remoteLayerOtherPackage(ctx context.Context, url string) error {
	var err error
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) around locallayer.PushWithRetry, which retries on its own \(retry loop, 3 attempts\): 3 × 3 = 9 attempts`
		if err = locallayer.PushWithRetry(ctx, url); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
