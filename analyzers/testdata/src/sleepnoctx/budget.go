package sleepnoctx

import (
	"math/rand"
	"net"
	"time"
)

// A loop whose own condition ends it once time.Since(start) reaches a budget
// waits at most that budget and one more wait: under 10 s in all, a
// cancellation holds nobody up.

// dial stands for a call to another system.
func dial() error {
	c, err := net.Dial("tcp", "db.example:5432")
	if err != nil {
		return err
	}
	return c.Close()
}

// GOOD: a 5 s budget, 1 s apart.
func budgetShort() error {
	var err error
	for start := time.Now(); time.Since(start) < 5*time.Second; {
		if err = dial(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

const budgetSeconds = 5.0

// GOOD: the budget counted in seconds, beside another condition of the loop.
func budgetInSeconds(more func() bool) error {
	var err error
	start := time.Now()
	for more() && time.Since(start).Seconds() < budgetSeconds {
		if err = dial(); err == nil {
			return nil
		}
		time.Sleep(20 * time.Millisecond)
	}
	return err
}

// BAD: a budget of 30 s.
func budgetLong() error {
	var err error
	for start := time.Now(); time.Since(start) < 30*time.Second; { // want `time.Sleep between retry attempts cannot be cancelled`
		if err = dial(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// BAD: the budget is the caller's; it has no ceiling here.
func budgetGiven(limit time.Duration) error {
	var err error
	for start := time.Now(); time.Since(start) < limit; { // want `time.Sleep between retry attempts cannot be cancelled`
		if err = dial(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// BAD: the clock ends the loop only when force is false as well.
func budgetOr(force bool) error {
	var err error
	for start := time.Now(); force || time.Since(start) < 5*time.Second; { // want `time.Sleep between retry attempts cannot be cancelled`
		if err = dial(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// GOOD: a jittered wait of at most 29 ms, within a 5 s budget.
func budgetJittered() error {
	var err error
	for start := time.Now(); time.Since(start) < 5*time.Second; {
		if err = dial(); err == nil {
			return nil
		}
		time.Sleep(time.Duration(10+rand.Intn(20)) * time.Millisecond)
	}
	return err
}

// BAD: up to 9 s of jittered wait, five times.
func jitteredLong() error {
	var err error
	for i := 0; i < 5; i++ { // want `time.Sleep between retry attempts cannot be cancelled`
		if err = dial(); err == nil {
			return nil
		}
		time.Sleep(time.Duration(5+rand.Intn(5)) * time.Second)
	}
	return err
}
