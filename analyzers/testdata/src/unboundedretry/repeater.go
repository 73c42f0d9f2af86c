package unboundedretry

import (
	"context"
	"time"

	repeaterv1 "github.com/go-pkgz/repeater"
	"github.com/go-pkgz/repeater/strategy"
	"github.com/go-pkgz/repeater/v2"
)

// Look-alikes: a go-pkgz/repeater always stops after its attempts, also when
// their count comes from elsewhere, and under a context that never ends.

func repeaterAttempts() error {
	return repeater.NewFixed(5, time.Second).Do(context.Background(), call)
}

func repeaterConfigured(attempts int) error {
	return repeater.NewBackoff(attempts, time.Second).Do(context.Background(), call)
}

func repeaterV1Default() error {
	return repeaterv1.New(nil).Do(context.Background(), call)
}

func repeaterV1Repeats(n int) error {
	return repeaterv1.New(&strategy.FixedDelay{Repeats: n, Delay: time.Second}).Do(context.Background(), call)
}
