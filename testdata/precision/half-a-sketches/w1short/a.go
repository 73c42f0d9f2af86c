package w1short

import (
	"context"
	"net"
	"time"
)

func stat(ctx context.Context, addr string) error {
	c, err := (&net.Dialer{}).DialContext(ctx, "tcp", addr)
	if err != nil {
		return err
	}
	return c.Close()
}

// WORTHLESS (sleepnoctx): at most 5 s in total.
func waitVisible(ctx context.Context, addr string) error {
	var err error
	for try := 1; try <= 5; try++ {
		if err = stat(ctx, addr); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Must stay reported: growing wait, up to minutes.
func waitLong(ctx context.Context, addr string) error {
	var err error
	d := time.Second
	for try := 1; try <= 8; try++ {
		if err = stat(ctx, addr); err == nil {
			return nil
		}
		time.Sleep(d)
		d *= 2
	}
	return err
}
