package sleepnoctx

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// A receive from a helper's channel that its timer of d feeds, or that it
// closes once ctx is done, is a cancellable wait: a long, growing wait
// through it is quiet.

// fireOrClose delivers the time once d has passed, or closes the channel
// when ctx is done first.
func fireOrClose(ctx context.Context, d time.Duration) <-chan time.Time {
	t := time.NewTimer(d)
	ch := make(chan time.Time, 1)
	go func() {
		defer t.Stop()
		select {
		case <-ctx.Done():
			close(ch)
		case v := <-t.C:
			ch <- v
		}
	}()
	return ch
}

func purgeThroughTimerChan(ctx context.Context, db *sql.DB) error {
	d := 5 * time.Second
	for i := 0; i < 8; i++ {
		if _, err := db.ExecContext(ctx, "DELETE FROM orders WHERE done"); err == nil {
			return nil
		}
		if _, ok := <-fireOrClose(ctx, d); !ok {
			return ctx.Err()
		}
		d *= 2
	}
	return errors.New("gave up")
}
