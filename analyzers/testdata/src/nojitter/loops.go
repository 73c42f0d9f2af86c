// Package nojitter holds the cases of the nojitter rule: backoff that grows but
// is deterministic, and the randomized or unknown waits it must leave alone.
package nojitter

import (
	"context"
	"crypto/rand"
	"errors"
	"math"
	"math/big"
	mrand "math/rand/v2"
	"time"
)

func call() error                   { reach(); return nil }
func callCtx(context.Context) error { reach(); return nil }

const base = 100 * time.Millisecond

func shiftBackoff() error {
	var err error
	for attempt := 0; attempt < 8; attempt++ { // want `retry backoff base << attempt grows but has no jitter`
		if err = call(); err == nil {
			return nil
		}
		time.Sleep(base << attempt)
	}
	return err
}

func powBackoff() error {
	var err error
	for i := 0; i < 5; i++ { // want `retry backoff d grows but has no jitter`
		if err = call(); err == nil {
			return nil
		}
		d := time.Duration(math.Pow(2, float64(i))) * time.Second
		time.Sleep(d)
	}
	return err
}

func doubling(ctx context.Context) error {
	delay := 50 * time.Millisecond
	for i := 0; i < 6; i++ { // want `retry backoff delay grows`
		if err := callCtx(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(delay):
		}
		delay = min(delay*2, 5*time.Second)
	}
	return errors.New("gave up")
}

func scheduleList() error {
	var err error
	for _, d := range []time.Duration{time.Second, 2 * time.Second, 4 * time.Second} { // want `retry backoff d grows`
		if err = call(); err == nil {
			return nil
		}
		time.Sleep(d)
	}
	return err
}

// ---- negatives ----

func fullJitter() error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		if err = call(); err == nil {
			return nil
		}
		time.Sleep(time.Duration(mrand.Int64N(int64(base << attempt))))
	}
	return err
}

func cryptoJitter() error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		if err = call(); err == nil {
			return nil
		}
		n, _ := rand.Int(rand.Reader, big.NewInt(1000))
		time.Sleep(base<<attempt + time.Duration(n.Int64())*time.Millisecond)
	}
	return err
}

func jitterHelper() error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		if err = call(); err == nil {
			return nil
		}
		time.Sleep(addJitter(base << attempt))
	}
	return err
}

func addJitter(d time.Duration) time.Duration { return d }

// The randomness comes in a second wait.
func separateJitter() error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		if err = call(); err == nil {
			return nil
		}
		time.Sleep(base << attempt)
		time.Sleep(time.Duration(mrand.Int64N(int64(base))))
	}
	return err
}

// Computed by a call the analyzer cannot see into.
func opaque(next func(int) time.Duration) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		if err = call(); err == nil {
			return nil
		}
		time.Sleep(next(attempt))
	}
	return err
}

// Constant: fixedsleep's business, not this rule's.
func constant() error {
	var err error
	for i := 0; i < 3; i++ {
		if err = call(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// A periodic loop whose interval grows is not a retry.
func periodic() {
	d := time.Second
	for {
		_ = call()
		time.Sleep(d)
		d *= 2
	}
}

// The jitter is added in place (net/http's HTTP/2 retry does this).
func jitterInPlace() error {
	for i := 0; i < 5; i++ {
		if err := call(); err == nil {
			return nil
		}
		backoff := float64(uint(1) << uint(i))
		backoff += backoff * (0.1 * mrand.Float64())
		time.Sleep(time.Second * time.Duration(backoff))
	}
	return errors.New("gave up")
}

func dialAddr(string) error { reach(); return nil }

// Failing over to the next address, with a growing pause between addresses, is
// not a retry of the same call: its pace is set by the list.
func failoverGrowing(addrs []string) error {
	var err error
	for i, addr := range addrs {
		if err = dialAddr(addr); err == nil {
			return nil
		}
		time.Sleep(base << i)
	}
	return err
}
