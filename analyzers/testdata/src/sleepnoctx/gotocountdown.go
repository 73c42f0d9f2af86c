package sleepnoctx

import (
	"context"
	"time"
)

// A goto retry counted down from a constant makes start+1 attempts: one
// retry after 1 s waits 1 s in all, short enough to go unnoticed.

func gotoSingleRetry(ctx context.Context) error {
	retries := 1
again:
	if err := send(ctx); err != nil {
		if retries > 0 {
			retries--
			time.Sleep(time.Second)
			goto again
		}
		return err
	}
	return nil
}

// Still reported: twelve retries of 1 s, or a count the caller chooses.

func gotoTwelveRetries(ctx context.Context) error {
	retries := 12
again: // want `time.Sleep between retry attempts ignores cancellation`
	if err := send(ctx); err != nil {
		if retries > 0 {
			retries--
			time.Sleep(time.Second)
			goto again
		}
		return err
	}
	return nil
}

func gotoCallerRetries(ctx context.Context, retries int) error {
again: // want `time.Sleep between retry attempts ignores cancellation`
	if err := send(ctx); err != nil {
		if retries > 0 {
			retries--
			time.Sleep(time.Second)
			goto again
		}
		return err
	}
	return nil
}
