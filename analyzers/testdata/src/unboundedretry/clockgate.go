package unboundedretry

import (
	"context"
	"time"
)

var processStart = time.Now()

// stillStarting says true for the first seconds of the process only.
func stillStarting() bool {
	d := time.Since(processStart)
	if d < 2*time.Second {
		return true
	}
	if d > 5*time.Second {
		return false
	}
	return probeUp()
}

func probeUp() bool { reach(); return true }

// A retry that goes round only while a clock-based gate says true has a
// time budget: the gate turns false once the time is spent. The context
// never ends (startConnecting hands it context.Background()), so the gate is
// the only bound of this loop and of the look-alikes below.
func connectWhileStarting(ctx context.Context) error {
	for {
		err := dialOnce()
		if err != nil && stillStarting() {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			time.Sleep(250 * time.Millisecond)
			continue
		}
		return err
	}
}

// recentlyFailed says true while the last failure is recent: the clock
// test returns true, never false, so it is no budget.
func recentlyFailed() bool {
	if time.Since(processStart) < time.Second {
		return true
	}
	return probeUp()
}

// Look-alike: the gate's clock test only ever says go on.
func connectWhileRecent(ctx context.Context) error {
	for { // want `retry loop has no attempt limit and no deadline: ctx.Err\(\) != nil never fires, as startConnecting hands ctx context.Background\(\)`
		err := dialOnce()
		if err != nil && recentlyFailed() {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			time.Sleep(250 * time.Millisecond)
			continue
		}
		return err
	}
}

// Look-alike: the gate is negated: the loop goes round once it says false,
// that is once the time is spent.
func connectAfterStart(ctx context.Context) error {
	for { // want `retry loop has no attempt limit and no deadline: ctx.Err\(\) != nil never fires, as startConnecting hands ctx context.Background\(\)`
		err := dialOnce()
		if err != nil && !stillStarting() {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			time.Sleep(250 * time.Millisecond)
			continue
		}
		return err
	}
}

// startConnecting hands the loops above a context that never ends.
func startConnecting() {
	_ = connectWhileStarting(context.Background())
	_ = connectWhileRecent(context.Background())
	_ = connectAfterStart(context.Background())
}
