package sleepnoctx

import (
	"context"
	"net"
	"time"
)

// Shape 3: a timer made first and then awaited in a select with <-ctx.Done()
// is a cancellable wait.

// GOOD: the timer is made before the select that also watches the context.
func dialTimerFirst(ctx context.Context, addr string) (net.Conn, error) {
	var d net.Dialer
	for i := 0; i < 5; i++ {
		conn, err := d.DialContext(ctx, "tcp", addr)
		if err == nil {
			return conn, nil
		}
		t := time.NewTimer(time.Duration(1<<i) * time.Second)
		select {
		case <-ctx.Done():
			t.Stop()
			return nil, ctx.Err()
		case <-t.C:
		}
	}
	return nil, context.DeadlineExceeded
}

// Look-alike: the timer is awaited alone.
func dialTimerAlone(ctx context.Context, addr string) (net.Conn, error) {
	var d net.Dialer
	for i := 0; i < 5; i++ { // want `between retry attempts ignores cancellation`
		conn, err := d.DialContext(ctx, "tcp", addr)
		if err == nil {
			return conn, nil
		}
		t := time.NewTimer(time.Duration(1<<i) * time.Second)
		<-t.C
	}
	return nil, context.DeadlineExceeded
}
