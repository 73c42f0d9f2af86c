// Package tool is code of a command (an import path element cmd): it runs
// once per invocation, and its retries pace that one process.
package tool

import (
	"context"
	"database/sql"
	"time"
)

// db stands for a database: a statement it may refuse for good is the attempt
// of these retries.
var db *sql.DB

func send() error                   { _, err := db.Exec("UPDATE jobs SET state = 'done'"); return err }
func sendCtx(context.Context) error { return send() }

// GOOD: the command's join at start.
func join() error {
	var err error
	for i := 0; i < 5; i++ {
		if err = send(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// GOOD: a context parameter does not make a command's retry a request's.
func run(ctx context.Context) error {
	for {
		if err := sendCtx(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}
