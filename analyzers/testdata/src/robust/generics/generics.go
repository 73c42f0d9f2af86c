// Package generics holds retry code written with type parameters: a generic
// wrapper the engine infers, generic methods, and instantiations of both.
package generics

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

var errBusy = errors.New("busy")

// Retry is a generic wrapper: it retries its callback with a constant wait.
func Retry[T any](attempts int, op func() (T, error)) (T, error) {
	var zero T
	var err error
	for i := 0; i < attempts; i++ { // a forwarding wrapper: retryall judges its calls // want "fixedsleep: waits the same" "sleepnoctx: cannot be cancelled"
		var v T
		if v, err = op(); err == nil {
			return v, nil
		}
		time.Sleep(time.Second)
	}
	return zero, err
}

// Cache is a generic type whose method retries a load.
type Cache[K comparable, V any] struct {
	load func(context.Context, K) (V, error)
	m    map[K]V
}

func (c *Cache[K, V]) Get(ctx context.Context, k K) (V, error) {
	for { // want "fixedsleep: tries again at once" "unboundedretry: no attempt limit and no deadline" "retryall: retries every error alike"
		v, err := c.load(ctx, k)
		if err == nil {
			c.m[k] = v
			return v, nil
		}
		if errors.Is(err, context.Canceled) {
			return v, err
		}
	}
}

type number interface{ ~int | ~int64 | ~float64 }

// Sum is generic code with loops that are not retries.
func Sum[N number](xs []N) N {
	var s N
	for _, x := range xs {
		s += x
	}
	return s
}

func fetch(ctx context.Context) (int, error) { return 0, reach(ctx.Err()) }

func useRetry(ctx context.Context) (int, error) {
	return Retry(3, func() (int, error) { return fetch(ctx) }) // want "retryall: retries every error the callback returns"
}

func useInstantiated(ctx context.Context) (string, error) {
	return Retry[string](5, func() (string, error) { return "", reach(errBusy) }) // want "retryall: retries every error the callback returns"
}

func useCache(ctx context.Context) (int, error) {
	c := &Cache[string, int]{load: func(context.Context, string) (int, error) { return 1, nil }, m: map[string]int{}}
	return c.Get(ctx, "k")
}

// reach stands for a call another system may refuse: the retries of these cases are retries of a
// remote call (a local attempt is left alone: retryscope Region.Remote).
func reach(err error) error {
	sql.OpenDB(nil).Exec("UPDATE jobs SET state = 'done'")
	return err
}
