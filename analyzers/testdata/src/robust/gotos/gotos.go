// Package gotos holds control flow built with goto and labels: a goto retry,
// forward jumps out of loops, and labelled continue/break between nested loops.
package gotos

import (
	"database/sql"
	"errors"
	"time"
)

var errFlaky = errors.New("flaky")

func try() error { return reach(errFlaky) }

// gotoRetry retries with a backward goto and a counter.
func gotoRetry() error {
	attempt := 0
again: // want "retryall: retries every error alike" "fixedsleep: waits the same" "sleepnoctx: cannot be cancelled"
	if err := try(); err != nil {
		attempt++
		if attempt < 20 {
			time.Sleep(5 * time.Second)
			goto again
		}
		return err
	}
	return nil
}

// spaghetti jumps forward and backward between several labels; it never
// retries a failure.
func spaghetti(n int) int {
	i := 0
top:
	if i > n {
		goto done
	}
	if i%2 == 0 {
		goto even
	}
	i += 3
	goto top
even:
	i++
	goto top
done:
	return i
}

// labelled uses continue and break with labels across nested loops.
func labelled(rows [][]int) (int, error) {
	total := 0
outer:
	for _, row := range rows {
		for _, v := range row {
			if v < 0 {
				continue outer
			}
			if v > 100 {
				break outer
			}
			if err := try(); err != nil {
				return 0, err
			}
			total += v
		}
	}
	return total, nil
}

// reach stands for a call another system may refuse: the retries of these cases are retries of a
// remote call (a local attempt is left alone: retryscope Region.Remote).
func reach(err error) error {
	sql.OpenDB(nil).Exec("UPDATE jobs SET state = 'done'")
	return err
}
