package loops

import (
	"errors"
	"log"
	"time"
)

// N1: a bounded wait whose running out is not a failure: success breaks, the
// error is only compared with nil and stays in the loop, and the loop leaves
// nothing behind that tells the two endings apart. The code goes on either way.

func waitUntilReady() {
	for i := 0; i < 100; i++ {
		if err := call(); err == nil {
			break
		}
		time.Sleep(30 * time.Millisecond)
	}
	log.Print("going on")
}

func waitUntilReadyRange(hosts []string) {
wait:
	for range hosts {
		select {
		default:
			if err := call(); err == nil {
				break wait
			}
		}
		time.Sleep(time.Second)
	}
}

// Look-alikes: retries.

// The error is kept and returned after the loop.
func keepsError() error {
	var err error
	for i := 0; i < 100; i++ { // want `retry loop classified=false bounded=true max=100 wait=sleep/const`
		if err = call(); err == nil {
			return nil
		}
		time.Sleep(30 * time.Millisecond)
	}
	return err
}

// Success sets a flag that the code after the loop reads.
func flagsSuccess() error {
	ok := false
	for i := 0; i < 100; i++ { // want `retry loop classified=false bounded=true max=100 wait=sleep/const`
		if err := call(); err == nil {
			ok = true
			break
		}
		time.Sleep(30 * time.Millisecond)
	}
	if !ok {
		return errors.New("not ready")
	}
	return nil
}

// The error is logged: each failure is a failure.
func logsError() {
	for i := 0; i < 100; i++ { // want `retry loop classified=false bounded=true max=100 wait=sleep/const`
		err := call()
		if err == nil {
			break
		}
		log.Print(err)
		time.Sleep(30 * time.Millisecond)
	}
}

// Never runs out: no exhaustion to be harmless.
func waitForever() {
	for { // want `retry loop classified=false bounded=false wait=sleep/const`
		if err := call(); err == nil {
			break
		}
		time.Sleep(30 * time.Millisecond)
	}
}

// The counter lives outside the loop and is read afterwards.
func countsOutside() error {
	i := 0
	for ; i < 100; i++ { // want `retry loop classified=false bounded=true max=100 wait=sleep/const`
		if err := call(); err == nil {
			break
		}
		time.Sleep(30 * time.Millisecond)
	}
	if i == 100 {
		return errors.New("not ready")
	}
	return nil
}
