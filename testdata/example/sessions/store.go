// Package sessions keeps shop sessions in Redis (go-redis v9).
package sessions

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"

	"github.com/redis/go-redis/v9"
)

// Store reads and writes sessions.
type Store struct {
	rdb *redis.Client
}

// New connects to the session cache. go-redis retries every command 3 times
// by default (MaxRetries); MaxRetries -1 turns that off.
func New(addr string) *Store {
	return &Store{rdb: redis.NewClient(&redis.Options{Addr: addr})}
}

// Load reads a session, retrying around a client that already retries.
func Load(ctx context.Context, addr, id string) (string, error) {
	rdb := redis.NewClient(&redis.Options{Addr: addr})
	var err error
	for attempt := 0; attempt < 3; attempt++ { // BAD: nestedretry
		var v string
		v, err = rdb.Get(ctx, "session:"+id).Result()
		if err == nil || errors.Is(err, redis.Nil) {
			return v, err
		}
		if !sleep(ctx, attempt) {
			return "", ctx.Err()
		}
	}
	return "", err
}

// LoadOnce keeps one retry layer: the loop, around a client whose own
// retries are off.
func LoadOnce(ctx context.Context, addr, id string) (string, error) { // GOOD: nestedretry
	rdb := redis.NewClient(&redis.Options{Addr: addr, MaxRetries: -1})
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		var v string
		v, err = rdb.Get(ctx, "session:"+id).Result()
		if err == nil || errors.Is(err, redis.Nil) {
			return v, err
		}
		if !sleep(ctx, attempt) {
			return "", ctx.Err()
		}
	}
	return "", err
}

// Touch extends a session; the client's own retries are the only layer.
func (s *Store) Touch(ctx context.Context, id string) error { // GOOD: nestedretry
	return s.rdb.Expire(ctx, "session:"+id, 30*time.Minute).Err()
}

// sleep waits a jittered, doubling time, or until ctx ends.
func sleep(ctx context.Context, attempt int) bool {
	d := time.Duration(1<<attempt) * 50 * time.Millisecond
	d += time.Duration(rand.Int64N(int64(d)))
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}
