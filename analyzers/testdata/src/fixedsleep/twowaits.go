package fixedsleep

import (
	"context"
	"errors"
	"time"
)

// A loop with two constant waits on its way back (a pause of its own after a
// failed open, a ticker before each send) is one loop: one finding, not one
// per wait. (A reconnect that waits the beat's own interval is a heartbeat's
// pace: shared/heartbeat.)

type stream interface {
	Send(msg string) error
}

type streamDialer interface {
	Open(ctx context.Context) (stream, error)
}

var errCanceled = errors.New("canceled")

func heartbeat(d streamDialer, interval time.Duration, done <-chan struct{}) {
retry: // want `retry loop waits the same \S+ before every attempt`
	s, err := d.Open(context.Background())
	if err != nil {
		if errors.Is(err, errCanceled) {
			return
		}
		time.Sleep(time.Second)
		goto retry
	}
	tick := time.NewTicker(interval)
	defer tick.Stop()
	for {
		select {
		case <-tick.C:
			if err := s.Send("ping"); err != nil {
				goto retry
			}
		case <-done:
			return
		}
	}
}
