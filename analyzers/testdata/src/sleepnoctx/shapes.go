package sleepnoctx

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// Shape 7b: only the busy error goes round; the wait on that path is judged.

var errBusy = errors.New("busy")

func connBusy(ctx context.Context, db *sql.DB) (*sql.Conn, error) {
	for i := 0; i < 5; i++ { // want `time.Sleep between retry attempts ignores cancellation`
		conn, err := db.Conn(ctx)
		if errors.Is(err, errBusy) {
			time.Sleep(time.Duration(i+1) * time.Second)
			continue
		}
		return conn, err
	}
	return nil, errBusy
}

// Look-alike: the wait is a select on ctx.Done().
func connBusyCtx(ctx context.Context, db *sql.DB) (*sql.Conn, error) {
	for i := 0; i < 5; i++ {
		conn, err := db.Conn(ctx)
		if errors.Is(err, errBusy) {
			select {
			case <-ctx.Done():
				return nil, ctx.Err()
			case <-time.After(time.Duration(i+1) * time.Second):
			}
			continue
		}
		return conn, err
	}
	return nil, errBusy
}
