package retryall

import (
	"database/sql"
	"time"
)

// Only the builtin panic leaves the loop: a function value that happens to be
// called panic returns, and the callback's verdict still decides.

var lastFailure error

func AgainRecording(f func() (bool, error)) error {
	panic := func(err error) { lastFailure = err }
	for {
		again, err := f()
		if err != nil {
			panic(err)
		}
		if !again {
			return err
		}
		time.Sleep(time.Second)
	}
}

func execRecorded(db *sql.DB) error {
	return AgainRecording(func() (bool, error) { // want `retryall.AgainRecording retries every error the callback returns`
		_, err := db.Exec("UPDATE t SET n = n + 1")
		return err != nil, err
	})
}

// GOOD: the builtin panic ends the loop on the first error, so the verdict
// never sends a failure round.
func AgainOrPanic(f func() (bool, error)) error {
	for {
		again, err := f()
		if err != nil {
			panic(err)
		}
		if !again {
			return nil
		}
		time.Sleep(time.Second)
	}
}

func execOrPanic(db *sql.DB) error {
	return AgainOrPanic(func() (bool, error) {
		_, err := db.Exec("UPDATE t SET n = n + 1")
		return err != nil, err
	})
}

// GOOD: the loop returns on the first error before it reaches the verdict;
// the call after that return (a log line) does not make the return go away.
func AgainOrReturn(f func() (bool, error)) error {
	for {
		again, err := f()
		if err != nil {
			return err
		}
		note("round")
		if !again {
			return nil
		}
		time.Sleep(time.Second)
	}
}

func note(string) {}

func execOrReturn(db *sql.DB) error {
	return AgainOrReturn(func() (bool, error) {
		_, err := db.Exec("UPDATE t SET n = n + 1")
		return err != nil, err
	})
}
