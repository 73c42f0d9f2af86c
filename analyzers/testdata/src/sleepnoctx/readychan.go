package sleepnoctx

import (
	"context"
	"errors"
	"time"
)

// A channel the package closes when something comes up (a peer connected,
// a cache warmed) is a readiness signal, not a stop: a wait that watched it
// would end early for the wrong reason. The stop a wait ignores is named
// only when the channel is shown to mean stop.

var errNotUp = errors.New("not up")

type rcAgent struct {
	upCh  chan struct{} // closed once the peer has connected
	probe func() error
}

func (a *rcAgent) peerConnected() { close(a.upCh) }

func (a *rcAgent) afterUp() {
	<-a.upCh
	a.startSync()
}

func (a *rcAgent) startSync() {}

// Quiet: the only channel in reach says "up", and nothing holds a context.
func (a *rcAgent) waitProbe() error {
	for i := 0; i < 200; i++ {
		if err := a.probe(); err == nil {
			return nil
		}
		time.Sleep(3 * time.Second)
	}
	return errNotUp
}

type rcWorker struct {
	upCh     chan struct{}
	shutdown chan struct{}
	probe    func() error
}

func (w *rcWorker) peerConnected() { close(w.upCh) }

func (w *rcWorker) Close() { close(w.shutdown) }

// BAD: the receiver's shutdown channel is in reach; the up channel beside it
// is not named as the stop.
func (w *rcWorker) waitProbe() error {
	for i := 0; i < 200; i++ { // want `time.Sleep between retry attempts ignores the stop channel w.shutdown: wait in a select on w.shutdown and a timer`
		if err := w.probe(); err == nil {
			return nil
		}
		time.Sleep(3 * time.Second)
	}
	return errNotUp
}

type rcBoot struct {
	upCh  chan struct{}
	probe func() error
}

func (b *rcBoot) peerConnected() { close(b.upCh) }

// Start holds a context it could hand down to the wait.
func (b *rcBoot) Start(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return b.waitProbe()
}

// BAD: with no stop channel in reach, the wait is judged as one with no
// context: its caller holds one to hand down.
func (b *rcBoot) waitProbe() error {
	for i := 0; i < 200; i++ { // want `time.Sleep between retry attempts cannot be cancelled: accept a context.Context`
		if err := b.probe(); err == nil {
			return nil
		}
		time.Sleep(3 * time.Second)
	}
	return errNotUp
}
