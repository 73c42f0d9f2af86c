// Package main is a program that has no context to give: its retry loops
// are reached from main and init only, through functions that hold no
// context.Context, so nothing could cancel their waits and asking for a
// context there is noise. Look-alikes: a caller that holds a context, a
// function handed on as a value, a method an interface may call, a function
// nobody in the program calls.
package main

import (
	"context"
	"net/http"
	"time"
)

func main() {
	go joinPool("relay")
	rejoinAtStart()
	run(context.Background())
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

// retryAsValue is handed on: a caller out of sight may hold a context.
func retryAsValue() {
	for { // want `time.Sleep between retry attempts cannot be cancelled`
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

// start may be called through the starter interface.
func (r *relay) start() {
	for { // want `time.Sleep between retry attempts cannot be cancelled`
		resp, err := http.Get("http://relay")
		if err == nil {
			resp.Body.Close()
			return
		}
		time.Sleep(time.Minute)
	}
}

// unused has no caller in the program: an entry point nobody here names.
func unused() {
	for { // want `time.Sleep between retry attempts cannot be cancelled`
		resp, err := http.Get("http://upstream")
		if err == nil {
			resp.Body.Close()
			return
		}
		time.Sleep(time.Minute)
	}
}
