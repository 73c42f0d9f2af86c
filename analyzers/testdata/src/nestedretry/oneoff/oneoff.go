// Package main is a one-off administration command: its nested retries run
// once per invocation, for the one person or job that ran it.
package main

import (
	"fmt"
	"net/http"
	"os"
	"time"
)

// applySchema retries its request 3 times with waits: the inner layer.
func applySchema(url string) error {
	var err error
	for i := 0; i < 3; i++ {
		var resp *http.Response
		if resp, err = http.Post(url, "application/json", nil); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Duration(1<<i) * time.Second)
	}
	return err
}

// applyFive retries its request 5 times.
func applyFive(url string) error {
	var err error
	for i := 0; i < 5; i++ {
		var resp *http.Response
		if resp, err = http.Post(url, "application/json", nil); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Duration(1<<i) * time.Second)
	}
	return err
}

// applyTimes retries its request as often as its caller says: a count the
// analyzer cannot read where the pair is judged.
func applyTimes(url string, tries int) error {
	var err error
	for i := 0; i < tries; i++ {
		var resp *http.Response
		if resp, err = http.Post(url, "application/json", nil); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Duration(1<<i) * time.Second)
	}
	return err
}

// migrate: 4 tries around 3 are 12 calls for one failed run: quiet.
func migrate(url string) error {
	var err error
	for i := 0; i < 4; i++ {
		if err = applySchema(url); err == nil {
			return nil
		}
		time.Sleep(2 * time.Second)
	}
	return err
}

// migrateHard: 5 tries around 5 are 25 calls, a burst even from one run.
func migrateHard(url string) error {
	var err error
	for i := 0; i < 5; i++ { // want `retry loop \(5 attempts\) around applyFive, which retries on its own .*5 × 5 = 25 attempts`
		if err = applyFive(url); err == nil {
			return nil
		}
		time.Sleep(2 * time.Second)
	}
	return err
}

// migrateTimes: the inner count is unknown, so the product is too.
func migrateTimes(url string, tries int) error {
	var err error
	for i := 0; i < 4; i++ { // want `retry loop \(4 attempts\) around applyTimes, which retries on its own`
		if err = applyTimes(url, tries); err == nil {
			return nil
		}
		time.Sleep(2 * time.Second)
	}
	return err
}

// serve: a command that serves HTTP runs the handler's pair once per
// request, however small the product.
func serve(url string) {
	http.Handle("/migrate", http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		for i := 0; i < 4; i++ { // want `retry loop \(4 attempts\) around applySchema, which retries on its own .*4 × 3 = 12 attempts`
			if err := applySchema(url); err == nil {
				w.WriteHeader(http.StatusNoContent)
				return
			}
			time.Sleep(2 * time.Second)
		}
		w.WriteHeader(http.StatusBadGateway)
	}))
}

func main() {
	url := os.Args[1]
	if err := migrate(url); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	_ = migrateHard(url)
	_ = migrateTimes(url, len(os.Args))
	serve(url)
}
