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
