package sleepnoctx

import (
	"context"
	"errors"
	"math/rand"
	"net"
	"os"
	"syscall"
	"time"

	retry "github.com/avast/retry-go/v4"
)

// A retry whose every round stays in the process (a local file write, an
// allocation), in a function with no context that could end (none in scope,
// or only one it made from context.Background()), is reported only when the
// code shows the wait is long: the count or the wait comes from configuration
// here, and a select on a context that never ends changes nothing.

type lrConfig struct{ Retries int }

func lrConfigOf(context.Context) *lrConfig { return &lrConfig{Retries: 10} }

// GOOD: a local write retried a configured number of times, < 100 ms apart;
// the only context is one the function made that never ends.
func lrSaveState(path string, data []byte) error {
	var err error
	ctx := context.Background()
	for i := 0; i <= lrConfigOf(ctx).Retries; i++ {
		if err = os.WriteFile(path, data, 0o600); err == nil {
			return nil
		}
		time.Sleep(time.Duration(rand.Intn(100)) * time.Millisecond)
	}
	return err
}

type lrPool struct{ size int }

func (p *lrPool) alloc() ([]byte, error) {
	if p.size > 1<<30 {
		return nil, os.ErrInvalid
	}
	return make([]byte, p.size), nil
}

// GOOD: a local allocation retried with a doubling wait, no context anywhere.
func (p *lrPool) get() []byte {
	wait := time.Millisecond
	for {
		if b, err := p.alloc(); err == nil {
			return b
		}
		time.Sleep(wait)
		wait *= 2
	}
}

// BAD: the same local write with a context parameter: the select is the fix.
func lrSaveStateCtx(ctx context.Context, path string, data []byte) error {
	var err error
	for i := 0; i <= lrConfigOf(ctx).Retries; i++ { // want `time.Sleep between retry attempts ignores cancellation: wait in a select on ctx.Done\(\) and a timer`
		if err = os.WriteFile(path, data, 0o600); err == nil {
			return nil
		}
		time.Sleep(time.Duration(rand.Intn(100)) * time.Millisecond)
	}
	return err
}

// GOOD: a remote attempt; the context made here is not named, it never
// ends, and nobody in sight holds one to hand down.
func lrPushForever(data []byte) {
	ctx := context.Background()
	for {
		if err := send(ctx); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

// BAD: the round writes locally but also reaches another system: the write
// tells whether the send did its work.
func lrSaveAfterSend(path string, data []byte, n int) error {
	var err error
	for i := 0; i < n; i++ { // want `time.Sleep between retry attempts cannot be cancelled`
		_ = send(context.TODO())
		if err = os.WriteFile(path, data, 0o600); err == nil {
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return err
}

// GOOD: a helper handed a context that never ends has nothing to watch.
func lrHelperBackground() error {
	ctx := context.Background()
	return retry.Do(func() error { return send(ctx) }, retry.Attempts(3))
}

func lrFetch(b []byte) (int, error) {
	c, err := net.Dial("tcp", "store.internal:80")
	if err != nil {
		return 0, err
	}
	defer c.Close()
	return c.Read(b)
}

// GOOD: only a full local disk goes round: the wait is for this machine.
func lrReadWhenSpace(b []byte, tries int) (n int, err error) {
	for i := 0; i < tries; i++ {
		if n, err = lrFetch(b); err == nil {
			break
		}
		if !errors.Is(err, syscall.ENOSPC) {
			break
		}
		time.Sleep(time.Duration(2<<uint(i)) * time.Millisecond)
	}
	return n, err
}

// BAD: every error goes round, and the attempt reaches another system.
func lrReadAny(b []byte, tries int) (n int, err error) {
	for i := 0; i < tries; i++ { // want `time.Sleep between retry attempts cannot be cancelled`
		if n, err = lrFetch(b); err == nil {
			break
		}
		time.Sleep(time.Duration(2<<uint(i)) * time.Millisecond)
	}
	return n, err
}
