package sleepnoctx

import (
	"context"
	"time"

	repeaterv1 "github.com/go-pkgz/repeater"
	"github.com/go-pkgz/repeater/v2"
)

// Look-alikes: go-pkgz/repeater's Do waits on the context it is given.

func repeaterWaitsOnCtx(ctx context.Context) error {
	return repeater.NewFixed(5, time.Second).Do(ctx, func() error { return send(ctx) })
}

func repeaterV1WaitsOnCtx(ctx context.Context) error {
	return repeaterv1.NewDefault(5, time.Second).Do(ctx, func() error { return send(ctx) })
}
