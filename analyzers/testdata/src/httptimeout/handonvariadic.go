package httptimeout

import (
	"context"
	"net/http"
	"time"

	retry "github.com/avast/retry-go/v4"
)

// A wait helper hands the default client on to a function of the package
// whose one send, inside a retry callback, is of a request built from the
// caller's context; the options are passed on with `opts...`. The caller's
// context bounds every request, as when the call names no options.

func AwaitReady(ctx context.Context, u string, opts ...retry.Option) error {
	return awaitReadyWith(ctx, http.DefaultClient, u, opts...)
}

func awaitReadyWith(ctx context.Context, hc *http.Client, u string, opts ...retry.Option) error {
	return retry.Do(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		if err != nil {
			return err
		}
		res, err := hc.Do(req)
		if err != nil {
			return err
		}
		return res.Body.Close()
	}, append([]retry.Option{retry.Attempts(20), retry.Delay(time.Second)}, opts...)...)
}

// Look-alikes that stay reported: the callee builds its request without a
// context, or from context.Background().

func AwaitReadyNoCtx(ctx context.Context, u string, opts ...retry.Option) error {
	return awaitNoCtxWith(ctx, http.DefaultClient, u, opts...) // want `http.DefaultClient has no timeout`
}

func awaitNoCtxWith(_ context.Context, hc *http.Client, u string, opts ...retry.Option) error {
	return retry.Do(func() error {
		req, err := http.NewRequest(http.MethodGet, u, nil)
		if err != nil {
			return err
		}
		res, err := hc.Do(req)
		if err != nil {
			return err
		}
		return res.Body.Close()
	}, opts...)
}

func AwaitReadyBackground(ctx context.Context, u string, opts ...retry.Option) error {
	return awaitBackgroundWith(ctx, http.DefaultClient, u, opts...) // want `http.DefaultClient has no timeout`
}

func awaitBackgroundWith(_ context.Context, hc *http.Client, u string, opts ...retry.Option) error {
	return retry.Do(func() error {
		req, err := http.NewRequestWithContext(context.Background(), http.MethodGet, u, nil)
		if err != nil {
			return err
		}
		res, err := hc.Do(req)
		if err != nil {
			return err
		}
		return res.Body.Close()
	}, opts...)
}

// The caller's context is bounded only when its callers pass one: a caller
// that fills it with context.Background() keeps it reported.
func awaitFromBackground(u string) error {
	return awaitReadyWith(context.Background(), http.DefaultClient, u, retry.Attempts(3)) // want `http.DefaultClient has no timeout`
}

// The same with the options passed on: `opts...` keeps the arguments in
// their places, so the context.Background() one caller passes is seen, and
// the caller passing its own context stays quiet.
func AwaitPlain(ctx context.Context, u string, opts ...retry.Option) error {
	return awaitPlainWith(ctx, http.DefaultClient, u, opts...)
}

func awaitPlainFromBackground(u string, opts ...retry.Option) error {
	return awaitPlainWith(context.Background(), http.DefaultClient, u, opts...) // want `http.DefaultClient has no timeout`
}

func awaitPlainWith(ctx context.Context, hc *http.Client, u string, opts ...retry.Option) error {
	return retry.Do(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		if err != nil {
			return err
		}
		res, err := hc.Do(req)
		if err != nil {
			return err
		}
		return res.Body.Close()
	}, opts...)
}
