// Package ports declares interfaces with their implementations beside them,
// for callers in other packages (remote_ifaceports.go).
package ports

import (
	"net/http"
	"os/exec"
)

// Runner's only implementation here runs a local command.
type Runner interface {
	Run(name string) (string, error)
}

type execRunner struct{}

func (execRunner) Run(name string) (string, error) {
	out, err := exec.Command(name).Output()
	return string(out), err
}

func NewRunner() Runner { return execRunner{} }

// Fetcher's implementation here sends an HTTP request.
type Fetcher interface {
	Fetch(u string) error
}

type httpFetcher struct{}

func (httpFetcher) Fetch(u string) error {
	resp, err := http.Get(u)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func NewFetcher() Fetcher { return httpFetcher{} }

// Store has no implementation here: callers bring their own.
type Store interface {
	Put(key string) error
}
