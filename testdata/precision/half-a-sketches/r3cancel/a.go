package r3cancel

import (
	"context"
	"database/sql"
	"time"
)

// MISS (retryall): comparing with context.Canceled is not classification.
func withRetries(db *sql.DB, q string, n int) (err error) {
	for try := 1; try <= n; try++ {
		_, err = db.Exec(q)
		if err == nil || err == context.Canceled {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}
