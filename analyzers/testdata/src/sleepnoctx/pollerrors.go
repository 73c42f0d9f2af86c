package sleepnoctx

import (
	"context"
	"net"
	"time"
)

// A rate limiter's answer: allowed now, or come back after RetryAfter.
type verdictOf struct {
	Allowed    bool
	RetryAfter time.Duration
}

func allow(context.Context, string) (verdictOf, error) {
	net.Dial("tcp", "limiter.internal:6379")
	return verdictOf{}, nil
}

// A poll whose failure way goes round on a sleep that ignores ctx: once ctx is
// cancelled the call fails at once and the loop sleeps on. The poll's own wait
// for "allowed" is not the claim.
func pollErrorsSleep(ctx context.Context, key string) error {
	for { // want `time.Sleep between retry attempts ignores cancellation: wait in a select on ctx.Done\(\) and a timer`
		res, err := allow(ctx, key)
		if err != nil {
			time.Sleep(100 * time.Millisecond)
			continue
		}
		if res.Allowed {
			return nil
		}
		time.Sleep(res.RetryAfter)
	}
}

// The failure way's wait watches ctx.
func pollErrorsSelect(ctx context.Context, key string) error {
	for {
		res, err := allow(ctx, key)
		if err != nil {
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(100 * time.Millisecond):
			}
			continue
		}
		if res.Allowed {
			return nil
		}
		time.Sleep(res.RetryAfter)
	}
}

type pollOwner struct {
	key    string
	closed chan struct{}
}

// The owner's stop ends the poll before each call.
func (p *pollOwner) poll(ctx context.Context) {
	for {
		select {
		case <-p.closed:
			return
		default:
		}
		res, err := allow(ctx, p.key)
		if err != nil {
			time.Sleep(100 * time.Millisecond)
			continue
		}
		if res.Allowed {
			return
		}
		time.Sleep(res.RetryAfter)
	}
}
