package retryall

import (
	"context"
	"errors"
	"io"
	"time"
)

// R3: testing the error against context.Canceled or DeadlineExceeded asks
// whether the caller gave up; it tells no failure of the operation apart.

func ctxCanceledOnly(ctx context.Context, n int) (err error) {
	for try := 1; try <= 20; try++ { // want `retry loop retries every error alike`
		_, err = create(ctx)
		if err == nil || err == context.Canceled {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}

func ctxDeadlineIs(ctx context.Context, n int) (err error) {
	for try := 1; try <= 20; try++ { // want `retry loop retries every error alike`
		if _, err = create(ctx); err == nil {
			return nil
		}
		if errors.Is(err, context.DeadlineExceeded) {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}

// Look-alikes: a real sentinel besides the context's.

func ctxAndSentinel(ctx context.Context, n int) (err error) {
	for try := 1; try <= n; try++ {
		_, err = create(ctx)
		if err == nil || err == context.Canceled || errors.Is(err, errDenied) {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}

func eofSentinel(ctx context.Context, n int) (err error) {
	for try := 1; try <= n; try++ {
		_, err = create(ctx)
		if err == nil || err == io.EOF {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}
