package sleepnoctx

import (
	"context"
	"time"

	retry "github.com/avast/retry-go/v4"
)

// A retry-go call that waits at most a few seconds in all, as its constant
// settings and the library's defaults show (3 attempts 1 s apart, doubling:
// at most 2 s + 4 s and a little jitter), ignores a cancel only briefly.
// Longer delays, or more attempts of the default doubling, are reported.

func briefDoublingNoCtx(ctx context.Context) error {
	return retry.Do(func() error { return send(ctx) }, retry.Attempts(3), retry.Delay(time.Second))
}

func briefFixedNoCtx(ctx context.Context) error {
	return retry.Do(func() error { return send(ctx) }, retry.Attempts(4), retry.Delay(2*time.Second), retry.DelayType(retry.FixedDelay))
}

func longDoublingNoCtx(ctx context.Context) error {
	return retry.Do(func() error { return send(ctx) }, retry.Attempts(3), retry.Delay(4*time.Second)) // want `retry.Do sleeps between attempts without watching ctx`
}

func manyDefaultDelaysNoCtx(ctx context.Context) error {
	return retry.Do(func() error { return send(ctx) }, retry.Attempts(7)) // want `retry.Do sleeps between attempts without watching ctx`
}
