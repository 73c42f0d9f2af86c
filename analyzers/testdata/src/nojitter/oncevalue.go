package nojitter

import (
	"errors"
	"os"
	"sync"
	"time"
)

// A variable set to sync.OnceValue(f) (or OnceFunc, OnceValues) runs f at
// most once and hands back its results: a call of it is judged by f.

var pageSize = sync.OnceValues(func() (int, error) { return os.Getpagesize(), nil })

var remoteLimit = sync.OnceValues(func() (int, error) { reach(); return 1, nil })

var errBusy = errors.New("busy")

func claimLocal(name string) error {
	n, err := pageSize()
	if err != nil || n == 0 {
		return err
	}
	return os.Mkdir(name, 0o700)
}

func claimRemote(name string) error {
	if _, err := remoteLimit(); err != nil {
		return err
	}
	return os.Mkdir(name, 0o700)
}

// GOOD: the attempt stays on this machine (a cached page size, a mkdir).
func onceLocal(name string) error {
	var err error
	for i := 0; i < 8; i++ {
		if err = claimLocal(name); !errors.Is(err, errBusy) {
			return err
		}
		time.Sleep(base << i)
	}
	return err
}

// BAD: the wrapped function reaches the network.
func onceRemote(name string) error {
	var err error
	for i := 0; i < 8; i++ { // want `retry backoff base << i grows but has no jitter`
		if err = claimRemote(name); !errors.Is(err, errBusy) {
			return err
		}
		time.Sleep(base << i)
	}
	return err
}
