package fixedsleep

import (
	"context"
	"time"
)

// A growing wait capped with a number without a unit is capped in
// nanoseconds: once capped, the poll goes round almost at once.

type ucIndex struct{ svc *rebalancer }

func (u *ucIndex) waitOnline(ctx context.Context) error {
	interval := 50 * time.Millisecond
	for {
		moving, err := u.svc.moving()
		if err != nil || !moving {
			return err
		}
		interval += 500 * time.Millisecond
		if interval > 1000 {
			interval = 1000 // want `wait capped at 1µs: interval is a time.Duration and a number without a unit counts nanoseconds, so once capped the loop goes round almost at once; write the unit \(time.Millisecond, time.Second\)`
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(interval):
		}
	}
}

// The same with a constant declared without a type, and a doubling wait.
const ucMaxWait = 500

func (u *ucIndex) waitOnlineDoubling() error {
	wait := 10 * time.Millisecond
	for {
		moving, err := u.svc.moving()
		if err != nil || !moving {
			return err
		}
		wait *= 2
		if wait >= ucMaxWait {
			wait = ucMaxWait // want `wait capped at 500ns`
		}
		time.Sleep(wait)
	}
}

// Not reported: the cap is written with its unit.
func (u *ucIndex) waitOnlineSecond(ctx context.Context) error {
	interval := 50 * time.Millisecond
	for {
		moving, err := u.svc.moving()
		if err != nil || !moving {
			return err
		}
		interval += 500 * time.Millisecond
		if interval > time.Second {
			interval = time.Second
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(interval):
		}
	}
}

// Not reported: a cap declared as a time.Duration is the author's choice.
const ucTypedCap time.Duration = 1000

func (u *ucIndex) waitOnlineTyped() error {
	wait := 10 * time.Millisecond
	for {
		moving, err := u.svc.moving()
		if err != nil || !moving {
			return err
		}
		wait *= 2
		if wait > ucTypedCap {
			wait = ucTypedCap
		}
		time.Sleep(wait)
	}
}

// Not reported: a wait of a typed duration that does not grow, and a count
// capped with a bare number.
func (u *ucIndex) waitOnlineFixed(pause time.Duration) error {
	tries := 0
	for {
		moving, err := u.svc.moving()
		if err != nil || !moving {
			return err
		}
		tries++
		if tries > 1000 {
			tries = 1000
		}
		time.Sleep(pause)
	}
}
