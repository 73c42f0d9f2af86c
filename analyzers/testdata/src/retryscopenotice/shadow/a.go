// Package shadow: a function of the package named panic is no exit of a
// retry loop, unlike the builtin it hides.
package shadow

import (
	"context"
	"errors"
	"time"
)

var errTemp = errors.New("temporary")

func send(context.Context) error { return errTemp }

func panic(error) {}

// It returns, and the loop waits again.
func shadowedPanic(ctx context.Context) error {
	for {
		if err := send(ctx); err == nil {
			return nil
		}
		if ctx.Err() != nil {
			panic(ctx.Err())
		}
		time.Sleep(time.Second) // want `notices=false`
	}
}
