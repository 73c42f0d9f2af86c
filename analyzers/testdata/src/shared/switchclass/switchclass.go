// Package switchclass is a shared fixture: the rules it names judge the
// same code, and each line says which of them report it (analyzers'
// TestSharedFixtures).
//
// rules: retryall
package switchclass

import (
	"context"
	"net"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// A switch on a value derived from the attempt's error (its gRPC code) whose
// one case is empty and whose other cases and default all leave retries only
// that case's errors: the empty case falls out of the switch and goes round.
// A switch whose every way, default included, goes round tells no errors
// apart.

type pinger interface {
	Ping(ctx context.Context) error
}

// codeOf is the package's own reading of an error's code.
func codeOf(err error) codes.Code { return status.Code(err) }

func pause(ctx context.Context) error {
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(time.Second):
		return nil
	}
}

// Quiet: only Unavailable goes round; the code is bound in the switch's init.
func waitReady(ctx context.Context, p pinger) error {
	for {
		err := p.Ping(ctx)
		if err == nil {
			return nil
		}
		switch code := codeOf(err); code {
		case codes.Unavailable:
		case codes.Unimplemented:
			return nil
		default:
			return err
		}
		if err := pause(ctx); err != nil {
			return err
		}
	}
}

// Quiet: the code is bound before the switch.
func waitReadyBound(ctx context.Context, p pinger) error {
	for {
		err := p.Ping(ctx)
		if err == nil {
			return nil
		}
		c := codeOf(err)
		switch c {
		case codes.Unavailable:
		default:
			return err
		}
		if err := pause(ctx); err != nil {
			return err
		}
	}
}

// Quiet: the switch is on the code itself.
func waitReadyDirect(ctx context.Context, p pinger) error {
	for {
		err := p.Ping(ctx)
		if err == nil {
			return nil
		}
		switch c := status.Code(err); c {
		case codes.Unavailable:
		default:
			return err
		}
		if err := pause(ctx); err != nil {
			return err
		}
	}
}

// Quiet: a type switch whose one empty case goes round.
func waitReadyTyped(ctx context.Context, p pinger) error {
	for {
		err := p.Ping(ctx)
		if err == nil {
			return nil
		}
		switch err.(type) {
		case *net.OpError:
		default:
			return err
		}
		if err := pause(ctx); err != nil {
			return err
		}
	}
}

// Look-alike: every case and the default go round; the switch only logs.
func waitAnyCode(ctx context.Context, p pinger, log func(string)) error {
	for { // reports: retryall
		err := p.Ping(ctx)
		if err == nil {
			return nil
		}
		switch code := codeOf(err); code {
		case codes.Unavailable:
			log("unavailable")
		default:
			log("other")
		}
		if err := pause(ctx); err != nil {
			return err
		}
	}
}

// Look-alike: the one case and the empty default both go round.
func waitAnyBound(ctx context.Context, p pinger, log func(string)) error {
	for { // reports: retryall
		err := p.Ping(ctx)
		if err == nil {
			return nil
		}
		c := codeOf(err)
		switch c {
		case codes.Unavailable:
			log("unavailable")
		default:
		}
		if err := pause(ctx); err != nil {
			return err
		}
	}
}
