package fixedsleep

import (
	"context"
	"time"

	"github.com/avast/retry-go/v4"
)

// A retry-go helper set to a constant delay with a constant count is a few
// quick tries when it makes at most 5 attempts waiting at most 5 s in all
// (n attempts wait n-1 delays): over before a pace could matter.

const conflictTries = 5
const conflictDelay = 200 * time.Millisecond

func fewFixedHelperTries(ctx context.Context) error {
	return retry.Do(func() error { return callCtx(ctx) },
		retry.Delay(conflictDelay), retry.Attempts(conflictTries), retry.DelayType(retry.FixedDelay))
}

func manyFixedHelperTries(ctx context.Context) error {
	return retry.Do(func() error { return callCtx(ctx) }, // want `retry.Do waits the same delay before every attempt`
		retry.Delay(time.Second), retry.Attempts(20), retry.DelayType(retry.FixedDelay))
}

func longFixedHelperTries(ctx context.Context) error {
	return retry.Do(func() error { return callCtx(ctx) }, // want `retry.Do waits the same delay before every attempt`
		retry.Delay(3*time.Second), retry.Attempts(4), retry.DelayType(retry.FixedDelay))
}
