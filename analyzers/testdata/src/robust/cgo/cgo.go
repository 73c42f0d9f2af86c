// Package cgo uses cgo: the checker analyses the files cgo generates, and the
// findings must point at this file.
package cgo

/*
#include <errno.h>
static int flaky(void) { errno = EAGAIN; return -1; }
*/
import "C"

import "time"

// Flaky retries a C call whose errno says "try again".
func Flaky() error {
	var err error
	for i := 0; i < 3; i++ { // want "retryall: retries every error alike" "fixedsleep: waits the same" "sleepnoctx: cannot be cancelled"
		if _, err = C.flaky(); err == nil {
			return nil
		}
		time.Sleep(5 * time.Second)
	}
	return err
}
