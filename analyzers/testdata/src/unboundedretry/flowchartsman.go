package unboundedretry

import (
	"context"
	"time"

	"github.com/flowchartsman/retry"
)

// Look-alikes: a flowchartsman/retry Retrier always stops, after maxTries
// attempts or, when maxTries <= 0, after the default 5; one from elsewhere too.

func flowchartsmanDefaultTries() error {
	r := retry.NewRetrier(0, 0, 0)
	return r.Run(call)
}

func flowchartsmanFromCaller(ctx context.Context, r *retry.Retrier) error {
	return r.RunContext(ctx, callCtx)
}

func flowchartsmanTries() error {
	r := retry.NewRetrier(3, time.Second, 10*time.Second)
	return r.Run(call)
}
