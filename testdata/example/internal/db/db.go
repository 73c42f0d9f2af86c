// Package db holds the database start-up helpers of the shop.
package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log"
	"math/rand/v2"
	"net"
	"time"
)

// WaitReady blocks until the database answers a ping.
func WaitReady(ctx context.Context, db *sql.DB) {
	for { // BAD: retryall, unboundedretry, fixedsleep, sleepnoctx
		err := db.PingContext(ctx)
		if err == nil {
			return
		}
		log.Printf("database not ready: %v", err)
		time.Sleep(2 * time.Second)
	}
}

// WaitReadyWithin blocks until the database answers a ping, the server refuses us
// for a reason other than the network, or timeout has passed.
func WaitReadyWithin(ctx context.Context, db *sql.DB, timeout time.Duration) error {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	delay := 100 * time.Millisecond
	for { // GOOD: retryall, unboundedretry
		err := db.PingContext(ctx)
		if err == nil {
			return nil
		}
		var netErr net.Error
		if !errors.As(err, &netErr) {
			return fmt.Errorf("database ping: %w", err)
		}
		if ctx.Err() != nil {
			return fmt.Errorf("database not ready after %s: %w", timeout, err)
		}
		log.Printf("database not ready: %v", err)
		select {
		case <-ctx.Done():
			return fmt.Errorf("database not ready after %s: %w", timeout, err)
		case <-time.After(rand.N(delay)): // GOOD: fixedsleep, sleepnoctx
		}
		delay = min(2*delay, 5*time.Second)
	}
}
