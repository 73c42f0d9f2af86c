package c7verdict

import (
	"database/sql"
	"time"
)

// Non-retry left alone: a "sleep while true" helper that returns the
// callback's error before it reads the verdict polls a state; it never
// retries a failure, whatever the callback answers.
func sleepWhileTrue(operation func() (bool, error)) error {
	for {
		shouldSleep, err := operation()
		if err != nil {
			return err
		}
		if !shouldSleep {
			return nil
		}
		time.Sleep(time.Second)
	}
}

func waitUnlocked(db *sql.DB) error {
	return sleepWhileTrue(func() (bool, error) {
		var locked bool
		if err := db.QueryRow("select locked from gate").Scan(&locked); err != nil {
			return true, err
		}
		return locked, nil
	})
}

// MISS before 7c: a helper whose loop goes round on the callback's "try
// again" verdict, called with a callback that answers "again" on every error.
func tryAgain(f func(attempt int) (bool, error)) error {
	for i := 0; ; i++ {
		again, err := f(i)
		if !again {
			return err
		}
		time.Sleep(time.Second)
	}
}

func markDone(db *sql.DB, id int64) error {
	return tryAgain(func(int) (bool, error) {
		_, err := db.Exec("update jobs set done = 1 where id = ?", id)
		return err != nil, err
	})
}
