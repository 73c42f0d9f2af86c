package httptimeout

import (
	"context"
	"net/http"
	"time"
)

// A request built inside a generic pass-through wrapper (func[T any](v T,
// err error) T) is the request the wrapper was given: the wrapper has no
// other request to return, and a nil one would not be sent.

func mustGet[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

func eitherOf[T any](a, b T) T { return a }

// GOOD: both requests are built with a deadline inside the wrapper.
func passThroughDeadline(parent context.Context, u string) (int64, error) {
	tr := &http.Transport{}
	hc := &http.Client{Transport: tr}
	quick, cancel := context.WithTimeout(parent, 30*time.Second)
	defer cancel()
	res, err := hc.Do(mustGet(http.NewRequestWithContext(quick, http.MethodHead, u, nil)))
	if err != nil {
		return 0, err
	}
	res.Body.Close()
	req := mustGet(http.NewRequestWithContext(parent, http.MethodGet, u, nil))
	res, err = hc.Do(req)
	if err != nil {
		return 0, err
	}
	return res.ContentLength, res.Body.Close()
}

// BAD: the wrapped request has no context at all.
func passThroughNoContext(u string) error {
	hc := &http.Client{} // want `http.Client has no Timeout`
	res, err := hc.Do(mustGet(http.NewRequest(http.MethodGet, u, nil)))
	if err != nil {
		return err
	}
	return res.Body.Close()
}

// BAD: a generic with two candidates may hand back either request, and one
// has no context.
func passThroughEither(ctx context.Context, u string) error {
	withCtx, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	bare, _ := http.NewRequest(http.MethodGet, u, nil)
	hc := &http.Client{} // want `http.Client has no Timeout`
	res, err := hc.Do(eitherOf(withCtx, bare))
	if err != nil {
		return err
	}
	return res.Body.Close()
}
