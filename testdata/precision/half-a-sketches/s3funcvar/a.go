package s3funcvar

import (
	"database/sql"
	"errors"
	"time"
)

var sleep = time.Sleep // swapped in tests

var errLockTimeout = errors.New("lock wait timeout")

func isLockTimeout(err error) bool { return errors.Is(err, errLockTimeout) }

// FP (fixedsleep "tries again at once"): it waits i*5s through a func variable.
func withLockRetry(db *sql.DB, q string, n int) error {
	var err error
	for i := 0; i < n; i++ {
		if i > 0 {
			sleep(time.Duration(i) * 5 * time.Second)
		}
		if _, err = db.Exec(q); err == nil || !isLockTimeout(err) {
			return err
		}
	}
	return err
}

// Must stay reported: no wait at all.
func withLockRetryNoWait(db *sql.DB, q string, n int) error {
	var err error
	for i := 0; i < n; i++ {
		if _, err = db.Exec(q); err == nil || !isLockTimeout(err) {
			return err
		}
	}
	return err
}
