package retryall

import (
	"context"
	"log"
	"time"
)

// A failure way that asks the dependency about the resource after the failure
// and leaves unless the answer allows going round classifies its failures by
// that answer. One that only logs the answer, or leaves only on its attempt
// counter, retries every error alike.

type keyState int

const (
	keyPending keyState = iota
	keyReady
	keyDestroyed
)

type keyService interface {
	PublicKey(ctx context.Context, name string) ([]byte, error)
	State(ctx context.Context, name string) (keyState, error)
}

func publicKeyProbed(ctx context.Context, svc keyService, name string) ([]byte, error) {
	wait := 10 * time.Millisecond
	key, err := svc.PublicKey(ctx, name)
	for n := 1; err != nil; n++ {
		if n > 8 {
			return nil, err
		}
		st, perr := svc.State(ctx, name)
		if perr != nil {
			return nil, perr
		}
		if st != keyPending && st != keyReady {
			return nil, err
		}
		key, err = svc.PublicKey(ctx, name)
		if err != nil {
			wait = min(wait*2, time.Second)
			time.Sleep(wait)
		}
	}
	return key, nil
}

func publicKeyProbedSwitch(ctx context.Context, svc keyService, name string) ([]byte, error) {
	for n := 0; n < 8; n++ {
		key, err := svc.PublicKey(ctx, name)
		if err == nil {
			return key, nil
		}
		st, perr := svc.State(ctx, name)
		if perr != nil {
			return nil, perr
		}
		switch st {
		case keyPending, keyReady:
		default:
			return nil, err
		}
		time.Sleep(time.Duration(n) * time.Second)
	}
	return nil, context.DeadlineExceeded
}

// ---- look-alikes: every error goes round ----

func publicKeyProbeLogged(ctx context.Context, svc keyService, name string) ([]byte, error) {
	key, err := svc.PublicKey(ctx, name)
	for n := 1; err != nil; n++ { // want `retry loop retries every error alike`
		if n > 8 {
			return nil, err
		}
		st, perr := svc.State(ctx, name)
		if perr != nil {
			return nil, perr
		}
		log.Printf("key %s in state %d, trying again", name, st)
		key, err = svc.PublicKey(ctx, name)
		if err != nil {
			time.Sleep(time.Duration(n) * time.Second)
		}
	}
	return key, nil
}

func publicKeyCounted(ctx context.Context, svc keyService, name string) ([]byte, error) {
	key, err := svc.PublicKey(ctx, name)
	for n := 1; err != nil; n++ { // want `retry loop retries every error alike`
		if n > 8 {
			return nil, err
		}
		key, err = svc.PublicKey(ctx, name)
		if err != nil {
			time.Sleep(time.Duration(n) * time.Second)
		}
	}
	return key, nil
}

// The clock decides, not the dependency.
func publicKeyTimed(ctx context.Context, svc keyService, name string) ([]byte, error) {
	start := time.Now()
	for { // want `retry loop retries every error alike`
		key, err := svc.PublicKey(ctx, name)
		if err == nil {
			return key, nil
		}
		if since := time.Since(start); since > time.Minute {
			return nil, err
		}
		time.Sleep(2 * time.Second)
	}
}
