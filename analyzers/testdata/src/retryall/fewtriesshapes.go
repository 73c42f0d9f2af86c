package retryall

import (
	"context"
	"time"
)

// Few tries read in more shapes: a growing wait written base << (attempt-1)
// in a goroutine's best-effort send, and the counts of countdowns, locals,
// constants and failure counters. Each is a handful of calls within a second
// or so: a permanent error costs little. A loop that does not wait at all
// makes a few tries too when it goes round at most 5 times; more are a burst
// (see loops.go).

func putCtx(context.Context) error { reach(); return nil }

// GOOD: 5 immediate tries, counted on the failure path of an endless loop:
// a few quick calls, whatever the error.
func putCountingFailures() error {
	var err error
	failures := 0
	for {
		err = send()
		if err != nil {
			failures += 1
			if failures >= 5 {
				return err
			}
		} else {
			break
		}
	}
	return nil
}

// GOOD: a best-effort send in a goroutine: 4 tries, 100, 200 then 400 ms
// apart, under its own deadline.
func putInBackground() {
	go func() {
		const retries = 3
		base := 100 * time.Millisecond
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		for attempt := range retries + 1 {
			if attempt > 0 {
				select {
				case <-ctx.Done():
					return
				case <-time.After(base * time.Duration(1<<(attempt-1))):
				}
			}
			if putCtx(ctx) == nil {
				return
			}
		}
	}()
}

// BAD: the same failure count, but 20 tries.
func putCountingManyFailures() error {
	var err error
	failures := 0
	for { // want `retry loop retries every error alike`
		err = send()
		if err != nil {
			failures += 1
			if failures >= 20 {
				return err
			}
		} else {
			break
		}
	}
	return nil
}

// BAD: the same schedule, but 8 tries: 12.8 s of waiting.
func putInBackgroundLong() {
	go func() {
		base := 100 * time.Millisecond
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		for attempt := range 20 { // want `retry loop retries every error alike`
			if attempt > 0 {
				select {
				case <-ctx.Done():
					return
				case <-time.After(base * time.Duration(1<<(attempt-1))):
				}
			}
			if putCtx(ctx) == nil {
				return
			}
		}
	}()
}

// BAD: few immediate tries, but each blocks on a channel for as long as
// another goroutine takes: no wait the code bounds.
func putAfterSignal(ready <-chan struct{}) error {
	var err error
	for i := 0; i < 3; i++ { // want `retry loop retries every error alike`
		<-ready
		if err = send(); err == nil {
			return nil
		}
	}
	return err
}

// GOOD: 4 tries 100 ms apart (5 with a test before the count), counted
// in the shapes code writes them.

const putTries = 4

func shapeCountdownFor() error {
	var err error
	for left := 4; left > 0; left-- {
		if err = send(); err == nil {
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return err
}

func shapeCountdownWhile() error {
	var err error
	retry := 4
	for retry > 0 {
		if err = send(); err == nil {
			return nil
		}
		retry--
		time.Sleep(100 * time.Millisecond)
	}
	return err
}

func shapeLocalLimit() error {
	var err error
	n := 4
	for i := 0; i < n; i++ {
		if err = send(); err == nil {
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return err
}

func shapePackageConst() error {
	var err error
	for i := 0; i < putTries; i++ {
		if err = send(); err == nil {
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return err
}

func shapeTestThenCount() error {
	attempt := 0
	for {
		err := send()
		if err == nil {
			return nil
		}
		if attempt >= putTries {
			return err
		}
		attempt++
		time.Sleep(100 * time.Millisecond)
	}
}

func shapeCountInCond() error {
	var err error
	for attempt := 0; ; attempt++ {
		if err = send(); err == nil {
			return nil
		}
		if attempt == putTries-1 {
			return err
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func shapeCountThenTestElse() error {
	var err error
	times := 0
	for {
		err = send()
		if err != nil {
			times++
			if times >= 4 {
				return err
			}
			time.Sleep(100 * time.Millisecond)
		} else {
			break
		}
	}
	return nil
}

func shapeWhileCount() error {
	var err error
	i := 0
	for i < 4 {
		if err = send(); err == nil {
			return nil
		}
		i++
		time.Sleep(100 * time.Millisecond)
	}
	return err
}

func shapeDoublingCapped() error {
	var err error
	wait := 50 * time.Millisecond
	for i := 0; i < 4; i++ {
		if err = send(); err == nil {
			return nil
		}
		time.Sleep(wait)
		wait = min(wait*2, time.Second)
	}
	return err
}

func shapeTimeDurationOfCounter() error {
	var err error
	for i := 1; i <= 4; i++ {
		if err = send(); err == nil {
			return nil
		}
		time.Sleep(time.Duration(i) * 200 * time.Millisecond)
	}
	return err
}

// GOOD: a schedule written as a list of waits, 0.7 s in all: its elements
// are its waits, one a round.

func shapeDelayList() error {
	var err error
	for _, d := range []time.Duration{100 * time.Millisecond, 200 * time.Millisecond, 400 * time.Millisecond} {
		if err = send(); err == nil {
			return nil
		}
		time.Sleep(d)
	}
	return err
}

func shapeDelayListLocal() error {
	var err error
	delays := []time.Duration{100 * time.Millisecond, 200 * time.Millisecond, 400 * time.Millisecond}
	for _, d := range delays {
		if err = send(); err == nil {
			return nil
		}
		time.Sleep(d)
	}
	return err
}

func shapeDelayIndex() error {
	var err error
	delays := [...]time.Duration{100 * time.Millisecond, 200 * time.Millisecond, 400 * time.Millisecond}
	for i := 0; i < len(delays); i++ {
		if err = send(); err == nil {
			return nil
		}
		time.Sleep(delays[i])
	}
	return err
}

func shapeBreakCount() error {
	var err error
	n := 0
	for {
		if err = send(); err == nil {
			return nil
		}
		n++
		if n > 3 {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	return err
}

// BAD: a list of waits 6 min long in all.
func longDelayList() error {
	var err error
	for _, d := range []time.Duration{time.Minute, 2 * time.Minute, 3 * time.Minute} { // want `retry loop retries every error alike`
		if err = send(); err == nil {
			return nil
		}
		time.Sleep(d)
	}
	return err
}

func stretch(ds []time.Duration) {
	for i := range ds {
		ds[i] *= 100
	}
}

// BAD: the list is handed to a call that may change its elements: its
// waits are out of sight.
func delayListHandedOn() error {
	var err error
	delays := []time.Duration{100 * time.Millisecond, 200 * time.Millisecond, 400 * time.Millisecond}
	stretch(delays)
	for _, d := range delays { // want `retry loop retries every error alike`
		if err = send(); err == nil {
			return nil
		}
		time.Sleep(d)
	}
	return err
}

// BAD: an element is assigned before the loop: the literal no longer says
// what is waited.
func delayListAssigned(extra time.Duration) error {
	var err error
	delays := [...]time.Duration{100 * time.Millisecond, 200 * time.Millisecond, 400 * time.Millisecond}
	delays[2] = extra
	for i := 0; i < len(delays); i++ { // want `retry loop retries every error alike`
		if err = send(); err == nil {
			return nil
		}
		time.Sleep(delays[i])
	}
	return err
}

// A modest number of tries (at most 10, at most 5 min of waiting in all):
// a permanent error costs this caller at most nine more calls, a few minutes
// at worst. Bounded start-up registrations and per-job sends are of this kind.

// GOOD: 10 tries 15 s apart.
func registerTenTimes(ctx context.Context) error {
	var err error
	for i := 0; i < 10; i++ {
		if err = putCtx(ctx); err == nil {
			return nil
		}
		time.Sleep(15 * time.Second)
	}
	return err
}

// BAD: 11 tries.
func registerElevenTimes(ctx context.Context) error {
	var err error
	for i := 0; i < 11; i++ { // want `retry loop retries every error alike`
		if err = putCtx(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// BAD: 10 tries a minute apart: 9 min of waiting.
func registerTenMinutes(ctx context.Context) error {
	var err error
	for i := 0; i < 10; i++ { // want `retry loop retries every error alike`
		if err = putCtx(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Minute)
	}
	return err
}

// An unexported package-level count that only its package sets, and only
// to constants: 5 tries 5 s apart.
var resetRetries = 5

// GOOD: 5 tries of a permanent error cost 20 s.
func resetWithRetries() error {
	var err error
	for i := 0; i < resetRetries; i++ {
		if err = send(); err == nil {
			return nil
		}
		time.Sleep(5 * time.Second)
	}
	return err
}

// An exported one may be set by any importer.
var ResetRetries = 5

// BAD: no ceiling the code shows.
func resetWithExportedRetries() error {
	var err error
	for i := 0; i < ResetRetries; i++ { // want `retry loop retries every error alike`
		if err = send(); err == nil {
			return nil
		}
		time.Sleep(5 * time.Second)
	}
	return err
}

// One whose address is taken may be set through the pointer (a flag).
var flagRetries = 5

func registerRetries(p *int) {}

func init() { registerRetries(&flagRetries) }

// BAD: the flag may hold any count.
func resetWithFlagRetries() error {
	var err error
	for i := 0; i < flagRetries; i++ { // want `retry loop retries every error alike`
		if err = send(); err == nil {
			return nil
		}
		time.Sleep(5 * time.Second)
	}
	return err
}
