// Package eventloop is a shared fixture: the rules it names judge the same
// code, and each line says which of them report it (analyzers'
// TestSharedFixtures).
//
// rules: fixedsleep retryall unboundedretry
package eventloop

import (
	"log"
	"os"
	"os/signal"
	"syscall"
	"time"
)

// A loop whose every round starts by waiting for the next event from a
// channel that someone else feeds (a signal, a request) acts on that event:
// a failure is logged and the loop waits for the next event. Nothing is done
// again until a new event comes: no retry. A round that waits on a clock
// before the call, a channel the loop feeds itself, or an inner loop that
// retries the call for one event stay retries.

// store is on another system.
type store interface {
	Reload(name string) error
}

// link is a connection to another system, taken from a pool.
type link interface {
	Send(b []byte) error
}

// member wraps a pooled link.
type member struct{ l link }

type daemon struct {
	st       store
	requests chan string
	again    chan string
}

// reloadOnSignal reloads on each hang-up and stops on any other signal.
func (d *daemon) reloadOnSignal() {
	signals := make(chan os.Signal, 1)
	signal.Notify(signals, syscall.SIGHUP, syscall.SIGTERM)
	defer signal.Stop(signals)
	for {
		sig := <-signals
		if sig != syscall.SIGHUP {
			return
		}
		if err := d.st.Reload("config"); err != nil {
			log.Print(err)
			continue
		}
		return
	}
}

// serveRequests handles the requests others send on a field channel; it
// ends once the channel is closed.
func (d *daemon) serveRequests() {
	for {
		name, ok := <-d.requests
		if !ok {
			return
		}
		err := d.st.Reload("all")
		if err != nil {
			log.Print(name, err)
			continue
		}
		return
	}
}

// Waiting on a ticker before each call paces a retry of the same call.
func (d *daemon) reloadTicked(t *time.Ticker) {
	for { // reports: retryall unboundedretry
		now := <-t.C
		if err := d.st.Reload("config"); err != nil {
			log.Print(now, err)
			continue
		}
		return
	}
}

// A failure that feeds the channel itself comes back as the next event.
func (d *daemon) reloadRequeued() {
	for { // reports: retryall unboundedretry
		name := <-d.again
		if err := d.st.Reload("config"); err != nil {
			log.Print(err)
			d.again <- name
			continue
		}
		return
	}
}

// One event, then the call retried in a loop of its own.
func (d *daemon) reloadEachSignal(signals chan os.Signal) {
	for {
		sig := <-signals
		for { // reports: fixedsleep retryall unboundedretry
			if err := d.st.Reload("config"); err != nil {
				log.Print(sig, err)
				continue
			}
			break
		}
	}
}

// The received value is what the attempt is made on: a member taken from a
// pool, which sends the same message again.
func (d *daemon) sendOnNext(idle chan member, b []byte) {
	for { // reports: retryall unboundedretry
		m := <-idle
		conn := m.l
		if err := conn.Send(b); err != nil {
			continue
		}
		return
	}
}
