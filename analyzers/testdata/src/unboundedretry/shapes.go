package unboundedretry

import (
	"context"
	"errors"
	"net"
	"time"
)

// Shape 7: retry loops of other shapes, reaching another system.

var errBusy = errors.New("busy")

func dialWhileFailing(ctx context.Context, d *net.Dialer) (net.Conn, error) {
	conn, err := d.DialContext(ctx, "tcp", "db:5432")
	for err != nil { // want `retry loop has no attempt limit and no deadline`
		time.Sleep(time.Second)
		conn, err = d.DialContext(ctx, "tcp", "db:5432")
	}
	return conn, nil
}

// Only the busy error goes round, and the dial is handed ctx: once ctx ends
// the dial fails with its error, which leaves (the round after Q1).
func dialBusy(ctx context.Context, d *net.Dialer) (net.Conn, error) {
	for {
		conn, err := d.DialContext(ctx, "tcp", "db:5432")
		if errors.Is(err, errBusy) {
			time.Sleep(time.Second)
			continue
		}
		if err != nil {
			return nil, err
		}
		return conn, nil
	}
}

// ---- look-alikes ----

func dialBusyCapped(ctx context.Context, d *net.Dialer) (net.Conn, error) {
	for n := 0; ; n++ {
		conn, err := d.DialContext(ctx, "tcp", "db:5432")
		if errors.Is(err, errBusy) && n < 5 {
			time.Sleep(time.Second)
			continue
		}
		if err != nil {
			return nil, err
		}
		return conn, nil
	}
}

func dialWhileFailingCapped(ctx context.Context, d *net.Dialer) (net.Conn, error) {
	conn, err := d.DialContext(ctx, "tcp", "db:5432")
	for n := 0; err != nil && n < 5; n++ {
		time.Sleep(time.Second)
		conn, err = d.DialContext(ctx, "tcp", "db:5432")
	}
	return conn, err
}

func dialBusyDeadline(ctx context.Context, d *net.Dialer) (net.Conn, error) {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	for {
		conn, err := d.DialContext(ctx, "tcp", "db:5432")
		if errors.Is(err, errBusy) {
			select {
			case <-ctx.Done():
				return nil, ctx.Err()
			case <-time.After(time.Second):
			}
			continue
		}
		return conn, err
	}
}
