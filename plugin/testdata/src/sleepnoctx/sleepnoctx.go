package sleepnoctx

import (
	"context"
	"errors"
	"time"
)

var errBusy = errors.New("busy")

func call(ctx context.Context) error { return ctx.Err() }

// poll waits between attempts with time.Sleep, which ignores ctx.
func poll(ctx context.Context) error {
	var err error
	for i := 0; i < 5; i++ { // want `time.Sleep between retry attempts ignores cancellation`
		err = call(ctx)
		if err == nil {
			return nil
		}
		if !errors.Is(err, errBusy) {
			return err
		}
		time.Sleep(time.Duration(i) * time.Second)
	}
	return err
}
