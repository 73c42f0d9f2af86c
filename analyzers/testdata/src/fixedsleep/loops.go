// Package fixedsleep holds the cases of the fixedsleep rule: retry loops and
// helpers whose wait does not grow, and the look-alikes it must leave alone.
package fixedsleep

import (
	"context"
	"errors"
	"log"
	"math/rand"
	"time"

	"fixedsleep/ratelimit"
)

var errTransient = errors.New("transient")

func call() error                   { reach(); return nil }
func callCtx(context.Context) error { reach(); return nil }
func dial(addr string) error        { reach(); return nil }

const retryDelay = time.Second

func constantSleep() error {
	var err error
	for i := 0; i < 20; i++ { // want `retry loop waits the same 2 \* time.Second before every attempt: back off exponentially`
		if err = call(); err == nil {
			return nil
		}
		time.Sleep(2 * time.Second)
	}
	return err
}

func constantConst() error {
	var err error
	for attempt := 0; attempt < 20; attempt++ { // want `waits the same retryDelay`
		if err = call(); err == nil {
			return nil
		}
		time.Sleep(retryDelay)
	}
	return err
}

func unchangedVariable() error {
	delay := 500 * time.Millisecond
	var err error
	for i := 0; i < 10; i++ { // want `waits the same delay`
		if err = call(); err == nil {
			return nil
		}
		time.Sleep(delay)
	}
	return err
}

func afterInSelect(ctx context.Context) error {
	for i := 0; i < 20; i++ { // want `waits the same time.Second`
		if err := callCtx(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return errors.New("gave up")
}

func timerReset(ctx context.Context) error {
	t := time.NewTimer(time.Second)
	defer t.Stop()
	for i := 0; i < 20; i++ { // want `waits the same time.Second before every attempt \(a timer\)`
		if err := callCtx(ctx); err == nil {
			return nil
		}
		t.Reset(time.Second)
		select {
		case <-t.C:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return errors.New("gave up")
}

func tickerDriven(ctx context.Context) error {
	tick := time.NewTicker(5 * time.Second)
	defer tick.Stop()
	for i := 0; i < 20; i++ { // want `waits the same 5 \* time.Second before every attempt \(a ticker\)`
		if err := callCtx(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-tick.C:
		}
	}
	return errors.New("gave up")
}

func hotRetry() error {
	var err error
	for i := 0; i < 8; i++ { // want `retry loop tries again at once after a failure`
		if err = call(); err == nil {
			return nil
		}
	}
	return err
}

func hotForever() {
	for { // want `retry loop tries again at once`
		if err := call(); err == nil {
			return
		}
	}
}

// ---- negatives ----

func growingSleep() error {
	var err error
	for i := 0; i < 5; i++ {
		if err = call(); err == nil {
			return nil
		}
		time.Sleep(time.Duration(1<<i) * 100 * time.Millisecond)
	}
	return err
}

func jitteredSleep() error {
	var err error
	for i := 0; i < 5; i++ {
		if err = call(); err == nil {
			return nil
		}
		time.Sleep(time.Second + time.Duration(rand.Int63n(int64(time.Second))))
	}
	return err
}

type client struct{ delay time.Duration }

// A delay kept in a field and doubled grows.
func (c *client) fieldDoubling() error {
	var err error
	for i := 0; i < 5; i++ {
		if err = call(); err == nil {
			return nil
		}
		time.Sleep(c.delay)
		c.delay *= 2
	}
	return err
}

// A periodic worker is not a retry.
func periodic() {
	for {
		if err := call(); err != nil {
			log.Print(err)
		}
		time.Sleep(time.Minute)
	}
}

// A poller waits for a condition, not for a failure to heal.
func poller() error {
	for {
		done, err := check()
		if err != nil {
			return err
		}
		if done {
			return nil
		}
		time.Sleep(time.Second)
	}
}

func check() (bool, error) { return false, nil }

// Failing over to the next address at once is not a hot retry.
func failover(addrs []string) error {
	var err error
	for _, addr := range addrs {
		if err = dial(addr); err == nil {
			return nil
		}
	}
	return err
}

func failoverIndex(hosts []string) error {
	var err error
	for i := 0; i < len(hosts); i++ {
		if err = dial(hosts[i]); err == nil {
			return nil
		}
	}
	return err
}

// A rate limiter paces the attempts.
func rateLimited(ctx context.Context, lim *ratelimit.Limiter) error {
	for i := 0; i < 5; i++ {
		if err := lim.Wait(ctx); err != nil {
			return err
		}
		if err := callCtx(ctx); err == nil {
			return nil
		}
	}
	return errors.New("gave up")
}

// A wait helper of its own.
func ownBackoff() error {
	for i := 0; i < 5; i++ {
		if err := call(); err == nil {
			return nil
		}
		backoffFor(i)
	}
	return errors.New("gave up")
}

func backoffFor(int) {}

// Something else decides when to try again.
func signalled(retry <-chan struct{}) error {
	for i := 0; i < 5; i++ {
		if err := call(); err == nil {
			return nil
		}
		<-retry
	}
	return errors.New("gave up")
}

// Retry-After on one path and a growing wait on the other: not constant.
func mixedWaits(retryAfter time.Duration) error {
	for i := 0; i < 5; i++ {
		err := call()
		if err == nil {
			return nil
		}
		if errors.Is(err, errTransient) {
			time.Sleep(retryAfter)
			continue
		}
		time.Sleep(time.Duration(i) * time.Second)
	}
	return errors.New("gave up")
}

// Suppressed with a reason.
func suppressed() error {
	var err error
	for i := 0; i < 3; i++ {
		if err = call(); err == nil {
			return nil
		}
		//retrylint:ignore fixedsleep the device firmware wants exactly one second
		time.Sleep(time.Second)
	}
	return err
}

func create(name string) error { return nil }
func nextRandom() string       { return "x" }

// Each attempt tries a new random name: a collision is resolved at once.
func tempName() (string, error) {
	for try := 0; try < 100; try++ {
		name := "tmp-" + nextRandom()
		err := create(name)
		if err == nil {
			return name, nil
		}
		if !errors.Is(err, errTransient) {
			return "", err
		}
	}
	return "", errors.New("no free name")
}

type reader struct{}

func (r *reader) read() error { return nil }

type multi struct {
	readers []*reader
	index   int
}

// Reading from the next source when one is exhausted is not a retry of it.
func (m *multi) next() error {
	for {
		if m.index == len(m.readers) {
			return errors.New("done")
		}
		err := m.readers[m.index].read()
		if err == nil {
			return nil
		}
		m.index++
	}
}

// Failing over to the next address after a fixed pause is not reported either.
func failoverPause(addrs []string) error {
	var err error
	for _, addr := range addrs {
		if err = dial(addr); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
