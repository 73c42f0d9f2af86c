package fixedsleep

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// A wait for a row to appear: it goes round only while the read says "not
// found" and leaves on success and on every other error. Leaving by break is
// leaving as much as by return: a poll for absence, not a retry.

var errRowNotFound = errors.New("row not found")

func isRowNotFound(err error) bool { return errors.Is(err, errRowNotFound) }

func readRow(ctx context.Context, db *sql.DB, id int) (string, error) {
	var s string
	err := db.QueryRowContext(ctx, "SELECT s FROM t WHERE id = ?", id).Scan(&s)
	return s, err
}

func awaitRowBreak(ctx context.Context, db *sql.DB, id int) (string, error) {
	var (
		s   string
		err error
	)
	for i := 0; i < 20; i++ {
		if s, err = readRow(ctx, db, id); err == nil {
			break
		}
		if !isRowNotFound(err) {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if err != nil {
		return "", err
	}
	return s, nil
}

func awaitRowReturn(ctx context.Context, db *sql.DB, id int) (string, error) {
	for i := 0; i < 20; i++ {
		s, err := readRow(ctx, db, id)
		if err == nil {
			return s, nil
		}
		if !isRowNotFound(err) {
			return "", err
		}
		time.Sleep(100 * time.Millisecond)
	}
	return "", errRowNotFound
}

// Look-alike: it goes round on every error.
func awaitRowAnyError(ctx context.Context, db *sql.DB, id int) (string, error) {
	var (
		s   string
		err error
	)
	for i := 0; i < 20; i++ { // want `waits the same 100 \* time.Millisecond before every attempt`
		if s, err = readRow(ctx, db, id); err == nil {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	return s, err
}

// Look-alike: the break leaves only the inner switch, so every error goes round.
func awaitRowSwitchBreak(ctx context.Context, db *sql.DB, id int) (string, error) {
	var (
		s   string
		err error
	)
	for i := 0; i < 20; i++ { // want `waits the same 100 \* time.Millisecond before every attempt`
		if s, err = readRow(ctx, db, id); err == nil {
			break
		}
		switch {
		case !isRowNotFound(err):
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	return s, err
}

// Look-alike: "not found" leaves, every other error goes round: a retry that
// classifies "not found" as permanent.
func readRowRetry(ctx context.Context, db *sql.DB, id int) (string, error) {
	for i := 0; i < 20; i++ { // want `waits the same 100 \* time.Millisecond before every attempt`
		s, err := readRow(ctx, db, id)
		if err == nil {
			return s, nil
		}
		if isRowNotFound(err) {
			return "", err
		}
		time.Sleep(100 * time.Millisecond)
	}
	return "", errors.New("gave up")
}
