package fixedsleep

import (
	"context"
	"time"
)

// A few quick tries: at most 5 rounds, at most 5 s of waiting in all. Clients
// that fail together add a handful of calls each and give up within seconds;
// a growing or randomized pace would change nothing a dependency sees.

func fiveTriesOneSecond(ctx context.Context) error {
	var err error
	for i := 1; i <= 5; i++ {
		if err = callCtx(ctx); err == nil {
			return nil
		}
		time.Sleep(1 * time.Second)
	}
	return err
}

func fiveTriesShortRange(ctx context.Context) error {
	var err error
	for range 5 {
		if err = callCtx(ctx); err == nil {
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return err
}

const refreshTries = 3

func threeTriesTimer(ctx context.Context) error {
	var err error
	for i := 0; i < refreshTries; i++ {
		if err = callCtx(ctx); err == nil {
			return nil
		}
		<-time.After(time.Second)
	}
	return err
}

// Still reported: more rounds, more waiting, or a limit the code leaves open.

func sixTriesOneSecond(ctx context.Context) error {
	var err error
	for i := 0; i < 20; i++ { // want `retry loop waits the same time.Second before every attempt`
		if err = callCtx(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func fiveTriesTwoSeconds(ctx context.Context) error {
	var err error
	for i := 0; i < 20; i++ { // want `retry loop waits the same 2 \* time.Second before every attempt`
		if err = callCtx(ctx); err == nil {
			return nil
		}
		time.Sleep(2 * time.Second)
	}
	return err
}

func givenTries(ctx context.Context, tries int) error {
	var err error
	for i := 0; i < tries; i++ { // want `retry loop waits the same 100 \* time.Millisecond before every attempt`
		if err = callCtx(ctx); err == nil {
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return err
}

// A round that tries twice waits twice: 3 rounds of 2 × 1 s, 6 s in all
// (one loop, one finding).
func twoWaitsARound(ctx context.Context) error {
	var err error
	for i := 0; i < 20; i++ { // want `retry loop waits the same time.Second before every attempt`
		if err = callCtx(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
		if err = callCtx(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// A loop nested in the round is a retry of its own, with no attempt limit.
func innerLoopWaits(ctx context.Context, parts []string) error {
	var err error
	for i := 0; i < 3; i++ {
		for range parts { // want `retry loop waits the same 100 \* time.Millisecond before every attempt`
			if err = callCtx(ctx); err == nil {
				return nil
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
	return err
}

// A modest number of tries a steady second or more apart: at most 10
// rounds, a constant wait of at least 1 s, at most 5 min in all. Each caller
// adds one call a second at most, nine at most; backing off would move when
// they land, not how many there are.

func tenTriesFifteenSeconds(ctx context.Context) error {
	var err error
	for i := 0; i < 10; i++ {
		if err = callCtx(ctx); err == nil {
			return nil
		}
		time.Sleep(15 * time.Second)
	}
	return err
}

// BAD: eleven tries: past the modest number.
func elevenTriesTwoSeconds(ctx context.Context) error {
	var err error
	for i := 0; i < 11; i++ { // want `retry loop waits the same 2 \* time.Second before every attempt`
		if err = callCtx(ctx); err == nil {
			return nil
		}
		time.Sleep(2 * time.Second)
	}
	return err
}

// BAD: ten tries faster than one a second.
func tenTriesHalfSecond(ctx context.Context) error {
	var err error
	for i := 0; i < 10; i++ { // want `retry loop waits the same 500 \* time.Millisecond before every attempt`
		if err = callCtx(ctx); err == nil {
			return nil
		}
		time.Sleep(500 * time.Millisecond)
	}
	return err
}

// BAD: ten tries a minute apart: past 5 min in all.
func tenTriesOneMinute(ctx context.Context) error {
	var err error
	for i := 0; i < 10; i++ { // want `retry loop waits the same time.Minute before every attempt`
		if err = callCtx(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Minute)
	}
	return err
}
