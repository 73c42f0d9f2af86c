// Package retryscopestopreach holds the stop signals StopChannelInReach must
// and must not name.
package retryscopestopreach

import "time"

func callerStop(stop <-chan struct{}) {
	time.Sleep(time.Second) // want `stop stop`
}

type worker struct {
	quit chan struct{}
	jobs chan int
}

func (w *worker) Close() { close(w.quit) }

func (w *worker) loop() {
	time.Sleep(time.Second) // want `stop w.quit`
}

type idle struct{ never chan struct{} }

func (i *idle) loop() {
	time.Sleep(time.Second) // want `no stop`
}

func queue(jobs chan int) {
	for j := range jobs {
		_ = j
		time.Sleep(time.Second) // want `no stop`
	}
}

func clock(tick <-chan time.Time) {
	time.Sleep(time.Second) // want `no stop`
}

func sendOnly(out chan<- struct{}) {
	time.Sleep(time.Second) // want `no stop`
}

type doner interface{ Done() <-chan struct{} }

func watched(d doner) {
	time.Sleep(time.Second) // want `stop d.Done\(\)`
}

func selfClosed() {
	done := make(chan struct{})
	go func() {
		defer close(done)
		time.Sleep(time.Second) // want `no stop`
	}()
	<-done
}

func declaredLater() {
	time.Sleep(time.Second) // want `no stop`
	stop := make(chan struct{})
	close(stop)
}

// A channel closed when something comes up is a readiness signal: the
// package goes on with its work when it fires.
type agent struct {
	aliveCh chan struct{}
	gone    chan struct{}
}

func (a *agent) connected() { close(a.aliveCh) }

func (a *agent) syncAfterReady() {
	<-a.aliveCh
	a.syncOnce()
}

func (a *agent) syncOnce() {
	time.Sleep(time.Second) // want `stop a.gone`
}

func (a *agent) teardown() { close(a.gone) }

// gone's name says nothing, but the package leaves when it fires.
func (a *agent) watch(tick <-chan time.Time) {
	for {
		select {
		case <-a.gone:
			return
		case <-tick:
		}
	}
}

type warmup struct{ warm chan struct{} }

func (w *warmup) filled() { close(w.warm) }

func (w *warmup) load() {
	time.Sleep(time.Second) // want `no stop`
}

func callerReady(ready <-chan struct{}) {
	time.Sleep(time.Second) // want `no stop`
}
