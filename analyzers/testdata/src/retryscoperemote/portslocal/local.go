// Package portslocal calls ports' interfaces; it adds only a retrying wrapper
// around the local runner.
package portslocal

import (
	"time"

	"retryscoperemote/ports"
)

// runAgain: every implementation ports shows runs a local command, and this
// package adds only the wrapper below.
func runAgain(r ports.Runner) (string, error) {
	var err error
	for i := 0; i < 3; i++ { // want `local`
		var out string
		if out, err = r.Run("git"); err == nil {
			return out, nil
		}
		time.Sleep(time.Second)
	}
	return "", err
}

// retryingRunner calls the runner it wraps again: it adds nothing beyond the
// implementations it forwards to.
type retryingRunner struct{ inner ports.Runner }

func (rr retryingRunner) Run(name string) (string, error) {
	var err error
	for i := 0; i < 3; i++ { // want `local`
		var out string
		if out, err = rr.inner.Run(name); err == nil {
			return out, nil
		}
		time.Sleep(time.Second)
	}
	return "", err
}

func newRetrying() ports.Runner { return retryingRunner{inner: ports.NewRunner()} }

// fetchAgain: ports' only Fetcher sends HTTP.
func fetchAgain(f ports.Fetcher) error {
	var err error
	for i := 0; i < 3; i++ { // want `remote, may be refused`
		if err = f.Fetch("http://example.com"); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// putAgain: ports shows no Store at all.
func putAgain(s ports.Store) error {
	var err error
	for i := 0; i < 3; i++ { // want `remote, may be refused`
		if err = s.Put("k"); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
