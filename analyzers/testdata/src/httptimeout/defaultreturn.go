package httptimeout

import (
	"context"
	"net/http"
	"time"

	"example.com/sdk"
)

// A function of the package that returns either http.DefaultClient or a
// client it builds hands both to the same callers: the DefaultClient return
// is judged as the built client's return is (defaultreturn.go).

func hookClient(plain bool, tr http.RoundTripper) *http.Client {
	if plain {
		return http.DefaultClient
	}
	return &http.Client{Transport: tr}
}

type hookSender struct{ hc *http.Client }

// GOOD: the only call stores the result in an unexported field whose every
// send has a deadline, through a request built by a helper of the package.
func newHookSender(plain bool) *hookSender {
	return &hookSender{hc: hookClient(plain, http.DefaultTransport)}
}

func hookRequest(ctx context.Context, u string) (*http.Request, error) {
	return http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
}

func (s *hookSender) send(ctx context.Context, u string) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	req, err := hookRequest(ctx, u)
	if err != nil {
		return err
	}
	resp, err := s.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Look-alikes that stay reported.

// The same, but the field sends a request built without a context.
func bareHookClient(plain bool, tr http.RoundTripper) *http.Client {
	if plain {
		return http.DefaultClient // want `http.DefaultClient has no timeout`
	}
	return &http.Client{Transport: tr} // want `http.Client has no Timeout`
}

type bareHookSender struct{ hc *http.Client }

func newBareHookSender(plain bool) *bareHookSender {
	return &bareHookSender{hc: bareHookClient(plain, http.DefaultTransport)}
}

func (s *bareHookSender) send(u string) error {
	req, err := http.NewRequest(http.MethodPost, u, nil)
	if err != nil {
		return err
	}
	resp, err := s.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Returned to callers out of sight: a client of its own is theirs to bound,
// the process's shared DefaultClient is not.
func NewHookClient(plain bool, tr http.RoundTripper) *http.Client {
	if plain {
		return http.DefaultClient // want `http.DefaultClient has no timeout`
	}
	return &http.Client{Transport: tr}
}

// Handed to another package: a client of its own becomes the library's,
// DefaultClient stays what it is (as where it is named, libbound.go).
func sdkHTTP(plain bool, tr http.RoundTripper) *http.Client {
	if plain {
		return http.DefaultClient // want `http.DefaultClient has no timeout`
	}
	return &http.Client{Transport: tr}
}

func newHookSDK(plain bool) *sdk.Client {
	return sdk.New(sdk.Options{HTTPClient: sdkHTTP(plain, http.DefaultTransport)})
}
