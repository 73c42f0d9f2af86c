package fixedsleep

import "context"

// A call through a func value whose result is used as a receiver (a logger
// fetched from a context) is out of sight: no claim that the loop tries
// again at once rests on it.

type gwLogger struct{}

func (*gwLogger) Warnf(string, ...any) {}

// GOOD: the logger getter may wait for all the rule can see.
func retryWithLoggerGetter(ctx context.Context, logOf func(context.Context) *gwLogger) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = call(); err == nil {
			return nil
		}
		logOf(ctx).Warnf("retrying")
	}
	return err
}

// BAD: with a logger that is no func value, nothing waits.
func retryWithLogger(l *gwLogger) error {
	var err error
	for i := 0; i < 8; i++ { // want `retry loop tries again at once after a failure`
		if err = call(); err == nil {
			return nil
		}
		l.Warnf("retrying")
	}
	return err
}
