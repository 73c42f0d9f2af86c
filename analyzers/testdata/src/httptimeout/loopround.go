package httptimeout

import (
	"context"
	"net/http"
	"strings"
	"time"
)

// A client put, inside a loop, in a variable declared before the loop is
// what the next round sends with: its sends are the variable's uses all
// through the loop, those above the assignment included.

func http1Only() *http.Transport {
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.ForceAttemptHTTP2 = false
	return tr
}

// GOOD: the replacement client sends, on the next round, the request built
// from the caller's context, as the first one did.
func FetchToken(ctx context.Context, u string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	hc := http.DefaultClient
	for i := 0; ; i++ {
		resp, err := hc.Do(req)
		if err == nil {
			return resp, nil
		}
		if i == 2 {
			return nil, err
		}
		if strings.Contains(err.Error(), "HTTP_1_1_REQUIRED") {
			hc = &http.Client{Transport: http1Only()}
		}
		time.Sleep(time.Second)
	}
}

// BAD: the replacement client's next round sends a request without any
// context.
func FetchPlain(u string) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	var hc *http.Client
	for i := 0; ; i++ {
		if hc == nil {
			hc = http.DefaultClient // want `http.DefaultClient has no timeout`
		}
		resp, err := hc.Do(req)
		if err == nil {
			return resp, nil
		}
		if i == 2 {
			return nil, err
		}
		hc = &http.Client{Transport: http1Only()} // want `http.Client has no Timeout and its Do at line 55 sends with no context`
		time.Sleep(time.Second)
	}
}

// BAD: a send below the assignment carries the caller's context, but the
// next round's send above it carries none.
func FetchMixed(ctx context.Context, u string) error {
	plain, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	hc := http.DefaultClient // want `http.DefaultClient has no timeout`
	for i := 0; i < 3; i++ {
		if _, err := hc.Do(plain); err == nil {
			return nil
		}
		hc = &http.Client{Transport: http1Only()} // want `http.Client has no Timeout and its Do at line 76 sends with no context`
		withCtx, err := http.NewRequestWithContext(ctx, http.MethodHead, u, nil)
		if err != nil {
			return err
		}
		if _, err := hc.Do(withCtx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return nil
}
