// Package cgo uses cgo: the checker analyses the files cgo generates, and the
// findings must point at this file.
package cgo

/*
#include <errno.h>
static int flaky(void) { errno = EAGAIN; return -1; }
*/
import "C"

import (
	"net/http"
	"time"
)

// Flaky retries a C call whose errno says "try again". What C does is out of
// reach: only the wait that cannot be cancelled is reported.
func Flaky() error {
	var err error
	for i := 0; i < 3; i++ { // want "sleepnoctx: cannot be cancelled"
		if _, err = C.flaky(); err == nil {
			return nil
		}
		time.Sleep(5 * time.Second)
	}
	return err
}

// FlakyThenSend asks C first and then the network: the send is remote.
func FlakyThenSend(url string) error {
	var err error
	for i := 0; i < 20; i++ { // want "fixedsleep: waits the same"
		C.flaky()
		var resp *http.Response
		if resp, err = http.Get(url); err == nil { // want "httptimeout: http.Get sends with http.DefaultClient"
			return resp.Body.Close()
		}
		time.Sleep(5 * time.Second)
	}
	return err
}
