package sleepnoctx

import (
	"context"
	"time"
)

// A select with a default clause never blocks: its timer's case holds up no
// cancellation, so there is nothing to report here (the loop tries again at
// once, which is fixedsleep's finding).
func timerBesideDefault(ctx context.Context) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = send(ctx); err == nil {
			return nil
		}
		select {
		case <-time.After(time.Minute):
		default:
		}
	}
	return err
}

// Look-alike: the same select without a default waits a minute.
func timerWithoutDefault(ctx context.Context) error {
	var err error
	for i := 0; i < 3; i++ { // want `wait between retry attempts ignores cancellation: add a case <-ctx.Done\(\) to the select`
		if err = send(ctx); err == nil {
			return nil
		}
		select {
		case <-time.After(time.Minute):
		}
	}
	return err
}
