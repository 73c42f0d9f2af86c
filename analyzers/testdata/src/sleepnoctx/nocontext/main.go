// Package main is a program that has no context to give: its retry loops
// are reached through functions that hold no context.Context and no stop
// channel, so nothing could cancel their waits and asking for a context
// there is noise. Callers out of sight give nothing either: a function
// handed on as a func() value, a method an interface without a context may
// call, a function nobody in the program calls. Look-alike: a caller that
// holds a context.
package main

import (
	"context"
	"net/http"
	"os"
	"os/signal"
	"time"
)

func main() {
	go joinPool("relay")
	rejoinAtStart()
	serve()
	runDetached(context.Background())
	register(retryAsValue)
	var s starter = &relay{}
	s.start()
}

func init() {
	go announce()
}

// joinPool is reached from main only: quiet.
func joinPool(addr string) {
	for {
		resp, err := http.Get(addr)
		if err != nil {
			time.Sleep(time.Minute)
			continue
		}
		resp.Body.Close()
		return
	}
}

func rejoinAtStart() { joinPool("pool") }

// announce is started by init: quiet.
func announce() {
	for i := 0; i < 100; i++ {
		if _, err := http.Post("http://pool/announce", "text/plain", nil); err == nil {
			return
		}
		time.Sleep(30 * time.Second)
	}
}

func run(ctx context.Context) {
	_ = ctx
	fetchFromRun()
}

// serve holds a context an interrupt cancels.
func serve() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	run(ctx)
}

// runDetached's only call hands it context.Background(): its context
// cancels nothing, and it has none to hand down.
func runDetached(ctx context.Context) {
	_ = ctx
	fetchFromDetached()
}

// fetchFromDetached: quiet.
func fetchFromDetached() {
	for {
		resp, err := http.Get("http://upstream")
		if err == nil {
			resp.Body.Close()
			return
		}
		time.Sleep(time.Minute)
	}
}

// fetchFromRun's caller holds a context it could hand down.
func fetchFromRun() {
	for { // want `time.Sleep between retry attempts cannot be cancelled`
		resp, err := http.Get("http://upstream")
		if err == nil {
			resp.Body.Close()
			return
		}
		time.Sleep(time.Minute)
	}
}

func register(f func()) { f() }

// retryAsValue is handed on as a func(): its callers have no context to pass.
func retryAsValue() {
	for {
		resp, err := http.Get("http://upstream")
		if err == nil {
			resp.Body.Close()
			return
		}
		time.Sleep(time.Minute)
	}
}

type starter interface{ start() }

type relay struct{}

// start may be called through the starter interface, whose method takes no
// context: quiet.
func (r *relay) start() {
	for {
		resp, err := http.Get("http://relay")
		if err == nil {
			resp.Body.Close()
			return
		}
		time.Sleep(time.Minute)
	}
}

// unused has no caller in the program and no context of its own: quiet.
func unused() {
	for {
		resp, err := http.Get("http://upstream")
		if err == nil {
			resp.Body.Close()
			return
		}
		time.Sleep(time.Minute)
	}
}
