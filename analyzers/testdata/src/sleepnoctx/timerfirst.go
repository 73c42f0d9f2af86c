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

// GOOD: time.After held in a variable (set on some rounds only) and received
// in a select that also watches the context (wait_afterheld.go).
func dialAfterHeld(ctx context.Context, addr string, poll bool, woken <-chan struct{}) (net.Conn, error) {
	var d net.Dialer
	for i := 0; i < 5; i++ {
		conn, err := d.DialContext(ctx, "tcp", addr)
		if err == nil {
			return conn, nil
		}
		var timeout <-chan time.Time
		if poll {
			timeout = time.After(time.Duration(1<<i) * time.Second)
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-woken:
		case <-timeout:
		}
	}
	return nil, context.DeadlineExceeded
}

// Look-alike: the held channel is received alone.
func dialAfterHeldAlone(ctx context.Context, addr string) (net.Conn, error) {
	var d net.Dialer
	for i := 0; i < 5; i++ { // want `between retry attempts ignores cancellation`
		conn, err := d.DialContext(ctx, "tcp", addr)
		if err == nil {
			return conn, nil
		}
		timeout := time.After(time.Duration(1<<i) * time.Second)
		<-timeout
	}
	return nil, context.DeadlineExceeded
}
