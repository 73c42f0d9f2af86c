package sleepnoctx

import (
	"database/sql"
	"time"
)

// Shape 7c: the wait of a loop driven by its callback's "try again" verdict
// is not judged at the wrapper: the same loop serves polls, which wait a
// fixed interval by design, and retries, and which one it runs is decided by
// each caller's callback (retryscope/verdict.go).

// GOOD: the wait of a verdict wrapper.
func Again(f func() (bool, error)) error {
	for {
		again, err := f()
		if !again {
			return err
		}
		time.Sleep(time.Second)
	}
}

// GOOD: a poll through it.
func waitEmpty(db *sql.DB) error {
	return Again(func() (bool, error) {
		var n int
		if err := db.QueryRow("SELECT count(*) FROM queue").Scan(&n); err != nil {
			return false, err
		}
		return n > 0, nil
	})
}

// GOOD here: a retry through it; the wait is the wrapper's.
func execRetried(db *sql.DB) error {
	return Again(func() (bool, error) {
		_, err := db.Exec("DELETE FROM queue WHERE done")
		return err != nil, err
	})
}

// Look-alike that stays reported: the loop tests the attempt's error itself,
// so it is a retry loop of its own.
func execLoop(db *sql.DB) error {
	for { // want `time.Sleep between retry attempts cannot be cancelled`
		_, err := db.Exec("DELETE FROM queue WHERE done")
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
}
