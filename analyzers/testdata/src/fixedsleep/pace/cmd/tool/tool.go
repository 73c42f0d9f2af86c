// Package tool is code of a command (an import path element cmd): it runs
// once per invocation, and its retries pace that one process.
package tool

import (
	"context"
	"net"
	"time"
)

func dial() error                   { net.Dial("tcp", "service.internal:80"); return nil }
func dialCtx(context.Context) error { return dial() }

// GOOD: the command's join at start.
func join() error {
	var err error
	for i := 0; i < 5; i++ {
		if err = dial(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// GOOD: a context parameter does not make a command's retry a request's.
func run(ctx context.Context) error {
	for {
		if err := dialCtx(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}
