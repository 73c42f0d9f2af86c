package httptimeout

import (
	"bytes"
	"net/http"
	"time"
)

// A method that sends with http.DefaultClient beside a client of its
// receiver that has a Timeout: the finding names that client.

type statusReporter struct {
	cli  *http.Client
	base string
}

func newStatusReporter(base string) *statusReporter {
	return &statusReporter{cli: &http.Client{Timeout: 30 * time.Second}, base: base}
}

// BAD: http.Post beside r.cli.
func (r *statusReporter) report(body []byte) error {
	resp, err := http.Post(r.base+"/status", "application/json", bytes.NewReader(body)) // want `http.Post sends with http.DefaultClient, which has no timeout: a server that never answers blocks it forever; use r.cli, which has a Timeout, or http.NewRequestWithContext with a deadline`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// BAD: http.DefaultClient.Do beside r.cli.
func (r *statusReporter) probe() (*http.Response, error) {
	req, err := http.NewRequest(http.MethodGet, r.base+"/probe", nil)
	if err != nil {
		return nil, err
	}
	return http.DefaultClient.Do(req) // want `http.DefaultClient has no timeout: .*; use r.cli, which has a Timeout, or send requests`
}

type reporterOptions struct{ hc *http.Client }

type nestedReporter struct {
	opts reporterOptions
	base string
}

func newNestedReporter(base string) *nestedReporter {
	hc := &http.Client{Timeout: 10 * time.Second}
	return &nestedReporter{opts: reporterOptions{hc: hc}, base: base}
}

// BAD: the timed client is a field of a field of the receiver.
func (n *nestedReporter) ping() error {
	resp, err := http.Get(n.base + "/ping") // want `use n.opts.hc, which has a Timeout, or http.NewRequestWithContext`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

type untimedReporter struct {
	cli  *http.Client
	base string
}

func newUntimedReporter(base string, hc *http.Client) *untimedReporter {
	return &untimedReporter{cli: hc, base: base}
}

// BAD, look-alike: the receiver's client comes from the caller, its Timeout
// out of sight: the message names no field.
func (u *untimedReporter) ping() error {
	resp, err := http.Get(u.base + "/ping") // want `blocks it forever; use a client with Timeout, or http.NewRequestWithContext`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// BAD, look-alike: a plain function has no receiver to name.
func pingPlain(base string) error {
	resp, err := http.Get(base + "/ping") // want `blocks it forever; use a client with Timeout, or http.NewRequestWithContext`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
