// Package heldcount is a shared fixture: the rules it names judge the same
// code, and each line says which of them report it (analyzers'
// TestSharedFixtures).
//
// rules: fixedsleep sleepnoctx nojitter retryall
package heldcount

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// A local variable declared with a constant, never assigned again and never
// addressed (tries := 5) holds that constant wherever it is read: a loop it
// counts makes that many rounds, and the few quick tries bars (fixedsleep's
// 5 rounds and 5 s, sleepnoctx's and nojitter's sums, retryall's brief
// tries) see them as they would see the constant. A count from a parameter,
// reassigned, or addressed stays unknown.

var errDenied = errors.New("denied")

var db *sql.DB

// call's answer is the database's verdict: it may refuse for good or be
// overloaded.
func call(ctx context.Context) error {
	_, err := db.ExecContext(ctx, "UPDATE jobs SET state = 'done'")
	return err
}

func adjust(n *int) { *n *= 10 }

// Five rounds a second apart: 5 s in all.
func heldRangeCount(ctx context.Context) error {
	tries := 5
	var err error
	for range tries {
		if err = call(ctx); err == nil || errors.Is(err, errDenied) {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}

// The same count in a three-clause loop, waits growing to 1.2 s: 3 s in all.
func heldForCount(ctx context.Context) error {
	var tries = 5
	var err error
	for i := 0; i < tries; i++ {
		if err = call(ctx); err == nil || errors.Is(err, errDenied) {
			return err
		}
		time.Sleep(time.Duration(i) * 300 * time.Millisecond)
	}
	return err
}

// A count held through a second variable: four tries 100 ms apart are over
// before a permanent error could cost anything.
func heldBriefCount(ctx context.Context) error {
	const defaultTries = 4
	limit := defaultTries
	tries := limit
	var err error
	for range tries {
		if err = call(ctx); err == nil {
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return err
}

// Still reported: a held count above the bar.
func heldLongCount(ctx context.Context) error {
	tries := 12
	var err error
	for i := range tries { // reports: sleepnoctx nojitter retryall
		if err = call(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Duration(1<<i) * 100 * time.Millisecond)
	}
	return err
}

// Look-alikes: the count reassigned in the loop, from a parameter, or
// addressed holds no known value.
func reassignedCount(ctx context.Context, more bool) error {
	tries := 4
	var err error
	for i := 0; i < tries; i++ { // reports: fixedsleep sleepnoctx retryall
		if err = call(ctx); err == nil {
			return nil
		}
		if more {
			tries++
		}
		time.Sleep(100 * time.Millisecond)
	}
	return err
}

// retryall leaves a budget the caller declares to the caller; the waits
// stay unknown to the other rules.
func givenCount(ctx context.Context, tries int) error {
	var err error
	for range tries { // reports: fixedsleep sleepnoctx
		if err = call(ctx); err == nil {
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return err
}

func addressedCount(ctx context.Context) error {
	tries := 4
	adjust(&tries)
	var err error
	for range tries { // reports: fixedsleep sleepnoctx retryall
		if err = call(ctx); err == nil {
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return err
}
