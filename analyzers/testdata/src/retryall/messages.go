package retryall

import (
	"context"
	"strings"
	"time"
)

// An error's message kept in a variable and matched tells errors apart as
// much as matching err.Error() in place (brittle, but a classification).

// GOOD: the operation, a named closure, stops when the message says the
// target is gone.
func reconnectUntilGone(ctx context.Context) (int, error) {
	op := func() (int, error) {
		v, err := create(ctx)
		if err != nil {
			msg := err.Error()
			if strings.Contains(msg, "topic not found") {
				return 0, nil
			}
		}
		return v, err
	}
	return Retry(ctx, op, func(error) time.Duration { return time.Second })
}

// GOOD: the same in a hand-written loop.
func createUnlessGone(ctx context.Context) (int, error) {
	for i := 0; i < 5; i++ {
		v, err := create(ctx)
		if err == nil {
			return v, nil
		}
		var text string
		text = err.Error()
		if strings.HasPrefix(text, "denied") {
			return 0, err
		}
		time.Sleep(time.Duration(i) * time.Second)
	}
	return 0, errDenied
}

// Look-alike: the message is only logged, nothing is told apart.
func createLogged(ctx context.Context, logf func(string)) (int, error) {
	for i := 0; i < 5; i++ { // want `retry loop retries every error alike`
		v, err := create(ctx)
		if err == nil {
			return v, nil
		}
		msg := err.Error()
		logf(msg)
		time.Sleep(time.Duration(i) * time.Second)
	}
	return 0, errDenied
}

// Look-alike: a string unrelated to the error is matched.
func createNamed(ctx context.Context, name string) (int, error) {
	op := func() (int, error) {
		if strings.Contains(name, "test") {
			return 0, nil
		}
		return create(ctx)
	}
	return Retry(ctx, op, func(error) time.Duration { return time.Second }) // want `retryall.Retry retries every error the callback returns`
}
