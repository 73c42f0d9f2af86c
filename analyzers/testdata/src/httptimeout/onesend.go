package httptimeout

import (
	"crypto/tls"
	"errors"
	"net/http"
	"time"
)

// A variable that gets one client or another on different paths sends with
// whichever it holds: one finding, at the first client without Timeout.

var errNotUp = errors.New("not up yet")

func untilUp(probe func() error) error {
	for i := 0; i < 10; i++ {
		if probe() == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errNotUp
}

func insecureTransport() *http.Transport {
	return &http.Transport{TLSClientConfig: &tls.Config{InsecureSkipVerify: true}}
}

// BAD: two clients, one send: reported once, at the first.
func waitUp(u string, withTLS bool) error {
	hc := &http.Client{} // want `http.Client has no Timeout and its Get at line 36 sends with no context`
	if withTLS {
		hc = &http.Client{Transport: insecureTransport()}
	}
	return untilUp(func() error {
		resp, err := hc.Get(u)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

// BAD: three clients on the branches of a switch, declared with var.
func fetchMode(u string, mode int) (*http.Response, error) {
	var hc = &http.Client{} // want `http.Client has no Timeout and its Get at line 54 sends with no context`
	switch mode {
	case 1:
		hc = &http.Client{Transport: insecureTransport()}
	case 2:
		hc = new(http.Client)
		hc.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	}
	return hc.Get(u)
}

// BAD: two variables, each with its own send: two findings.
func twoVariables(a, b string) {
	first := &http.Client{} // want `its Get at line 60 sends with no context`
	_, _ = first.Get(a)
	second := &http.Client{} // want `its Get at line 62 sends with no context`
	_, _ = second.Get(b)
}

// BAD: the first client sends before the second takes its place: each is
// reported for its own send.
func sendThenReplace(a, b string) {
	hc := &http.Client{} // want `its Get at line 69 sends with no context`
	_, _ = hc.Get(a)
	hc = &http.Client{Transport: insecureTransport()} // want `its Get at line 71 sends with no context`
	_, _ = hc.Get(b)
}

// BAD: a closure that may send with the first client is made before the
// second takes its place: the second stays reported.
func capturedBefore(u string, withTLS bool) {
	hc := &http.Client{} // want `http.Client has no Timeout`
	probe := func() { _, _ = hc.Get(u) }
	if withTLS {
		hc = &http.Client{Transport: insecureTransport()} // want `http.Client has no Timeout`
	}
	probe()
}

// BAD: the first client has a Timeout; the second, without one, is the
// finding.
func timedThenNot(u string, withTLS bool) (*http.Response, error) {
	hc := &http.Client{Timeout: 5 * time.Second}
	if withTLS {
		hc = &http.Client{Transport: insecureTransport()} // want `its Get at line 92 sends with no context`
	}
	return hc.Get(u)
}

// GOOD: both clients have a Timeout.
func bothTimed(u string, withTLS bool) (*http.Response, error) {
	hc := &http.Client{Timeout: 5 * time.Second}
	if withTLS {
		hc = &http.Client{Timeout: 5 * time.Second, Transport: insecureTransport()}
	}
	return hc.Get(u)
}
