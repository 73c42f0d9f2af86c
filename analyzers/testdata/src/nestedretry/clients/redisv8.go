package clients

import (
	"context"
	"errors"
	"time"

	redisv8 "github.com/go-redis/redis/v8"
)

// go-redis v8 reads the same way as v9.

func redisV8Default(ctx context.Context) error {
	rdb := redisv8.NewClient(&redisv8.Options{Addr: "cache:6379"})
	for i := 0; i < 2; i++ { // want `retry loop \(2 attempts\) around rdb.Get, which retries on its own \(go-redis client, 4 attempts\): 2 × 4 = 8 attempts`
		if err := rdb.Get(ctx, "k").Err(); err == nil {
			return nil
		}
		time.Sleep(time.Duration(1<<i) * time.Second)
	}
	return errors.New("gave up")
}

func redisV8Off(ctx context.Context) error {
	rdb := redisv8.NewClient(&redisv8.Options{Addr: "cache:6379", MaxRetries: -1})
	for i := 0; i < 2; i++ {
		if err := rdb.Get(ctx, "k").Err(); err == nil {
			return nil
		}
		time.Sleep(time.Duration(1<<i) * time.Second)
	}
	return errors.New("gave up")
}
