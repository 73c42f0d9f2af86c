// Package tool is code of a command (an import path element cmd): it runs
// once per invocation, and its retries pace that one process.
package tool

import (
	"net"
	"time"
)

const base = 100 * time.Millisecond

func dial() error { net.Dial("tcp", "service.internal:80"); return nil }

// GOOD: the command's join at start.
func join() error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		if err = dial(); err == nil {
			return nil
		}
		time.Sleep(base << attempt)
	}
	return err
}
