package fixedsleep

import (
	"context"
	"log"
	"time"
)

// A bounded retry at the top of its function whose give-up ends the process
// gates one start of one process: nobody retries in step with it, so a
// constant pace there is no herd.

func egPing(ctx context.Context) error {
	_, err := db.ExecContext(ctx, "SELECT 1")
	return err
}

// GOOD: thirty tries two seconds apart, then log.Fatal.
func egWaitForDB(ctx context.Context) {
	var err error
	for i := 0; i < 30; i++ {
		if err = egPing(ctx); err == nil {
			break
		}
		time.Sleep(2 * time.Second)
	}
	if err != nil {
		log.Fatalf("database: %v", err)
	}
}

// BAD: the same loop hands its error back: every caller's retry keeps the
// same pace.
func egPingRetried(ctx context.Context) error {
	var err error
	for i := 0; i < 30; i++ { // want `retry loop waits the same 2 \* time.Second before every attempt`
		if err = egPing(ctx); err == nil {
			break
		}
		time.Sleep(2 * time.Second)
	}
	return err
}
