package cgo

import "context"

// serve holds a context it could hand down, so the waits of the retry loops
// it reaches have a cancellation in reach (sleepnoctx is quiet without one).
func serve(ctx context.Context) {
	_ = ctx
	_ = Flaky()
}
