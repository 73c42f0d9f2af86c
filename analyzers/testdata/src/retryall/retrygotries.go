package retryall

import (
	"context"
	"time"

	retry "github.com/avast/retry-go/v4"
)

// A retry-go call whose count and delays are constants (or the library's
// defaults) waits a total the engine adds up: with the default doubling
// delay, 3 attempts 1 s apart wait at most 2 s + 4 s and a little jitter, a
// few tries over within seconds. A long delay, many attempts, or a delay
// type the code writes itself leave it reported.

const (
	refreshTries = 3
	refreshPause = 200 * time.Millisecond
)

func fewDoublingTries() error {
	return retry.Do(send, retry.Attempts(3), retry.Delay(time.Second))
}

func fewDoublingTriesOfConsts(ctx context.Context) error {
	return retry.Do(send, retry.Attempts(refreshTries), retry.Delay(refreshPause), retry.Context(ctx))
}

func fewCappedTries() error {
	return retry.Do(send, retry.Attempts(5), retry.Delay(time.Second), retry.MaxDelay(time.Second))
}

func fewLongDoublingTries() error {
	return retry.Do(send, retry.Attempts(20), retry.Delay(4*time.Second)) // want `retry.Do retries every error the callback returns`
}

func fiveUncappedDoublingTries() error {
	return retry.Do(send, retry.Attempts(20), retry.Delay(time.Second)) // want `retry.Do retries every error the callback returns`
}

func fewTriesOwnDelay() error {
	grow := func(n uint, _ error, _ *retry.Config) time.Duration { return time.Duration(n) * time.Minute }
	return retry.Do(send, retry.Attempts(3), retry.Delay(time.Second), retry.DelayType(grow)) // want `retry.Do retries every error the callback returns`
}

// GOOD: retry-go's default, 10 attempts: a modest number of tries.
func defaultCountTries() error {
	return retry.Do(send, retry.Delay(10*time.Millisecond))
}
