package retryall

import (
	"context"
	"log"
	"os"
	"time"
)

// A bounded retry at the top of its function whose give-up ends the process
// gates the start: a permanent error costs one start the loop's bound, then
// the process exits with it.

func egLoadSchema(ctx context.Context) error {
	_, err := db.ExecContext(ctx, "SELECT 1 FROM schema_version")
	return err
}

// GOOD: twenty tries a few seconds apart, then log.Fatal.
func egStart(ctx context.Context) {
	var err error
	for i := 0; i < 20; i++ {
		if err = egLoadSchema(ctx); err == nil {
			break
		}
		time.Sleep(3 * time.Second)
	}
	if err != nil {
		log.Fatalf("schema: %v", err)
	}
}

// GOOD: the same with os.Exit right after the loop.
func egStartExit(ctx context.Context) {
	for i := 0; i < 20; i++ {
		if err := egLoadSchema(ctx); err == nil {
			return
		}
		time.Sleep(3 * time.Second)
	}
	os.Exit(1)
}

// GOOD: a logger's Panic ends it too.
func egStartPanic(ctx context.Context, l *log.Logger) {
	var err error
	for i := 0; i < 20; i++ {
		if err = egLoadSchema(ctx); err == nil {
			break
		}
		time.Sleep(3 * time.Second)
	}
	if err != nil {
		l.Panicf("schema: %v", err)
	}
}

// BAD: the give-up returns the error to a caller, which may go on.
func egLoad(ctx context.Context) error {
	var err error
	for i := 0; i < 20; i++ { // want `retry loop retries every error alike`
		if err = egLoadSchema(ctx); err == nil {
			break
		}
		time.Sleep(3 * time.Second)
	}
	return err
}

// BAD: the give-up only logs.
func egStartLogged(ctx context.Context) {
	var err error
	for i := 0; i < 20; i++ { // want `retry loop retries every error alike`
		if err = egLoadSchema(ctx); err == nil {
			break
		}
		time.Sleep(3 * time.Second)
	}
	if err != nil {
		log.Printf("schema: %v", err)
	}
}

// BAD: inside a worker's loop the retry runs once per job, and the exit
// takes every other job down with it.
func egWorker(ctx context.Context, jobs <-chan int) {
	for range jobs {
		var err error
		for i := 0; i < 20; i++ { // want `retry loop retries every error alike`
			if err = egLoadSchema(ctx); err == nil {
				break
			}
			time.Sleep(3 * time.Second)
		}
		if err != nil {
			log.Fatal(err)
		}
	}
}
