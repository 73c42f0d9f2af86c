package sleepnoctx

import (
	"context"
	"time"

	"github.com/avast/retry-go/v4"
)

// A retry-go helper whose waits provably sum to less than 10 s (a constant
// delay and count) lets a cancel go unnoticed only briefly.

func fewShortHelperTries(ctx context.Context, send func(context.Context) error) error {
	return retry.Do(func() error { return send(ctx) },
		retry.Delay(200*time.Millisecond), retry.Attempts(5), retry.DelayType(retry.FixedDelay))
}

func longHelperTries(ctx context.Context, send func(context.Context) error) error {
	return retry.Do(func() error { return send(ctx) }, // want `retry.Do sleeps between attempts without watching ctx`
		retry.Delay(5*time.Second), retry.Attempts(5), retry.DelayType(retry.FixedDelay))
}
