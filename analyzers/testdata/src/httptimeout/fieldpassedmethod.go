package httptimeout

import (
	"context"
	"net/http"
	"time"
)

// A client field handed to a method of the package that receives a context
// with a deadline: the method may look at the client through an interface
// that cannot send (a type assertion to transportHolder) and may swap it for
// another client before the send; every request it sends carries the
// caller's deadline.

type transportHolder interface{ Transport() *http.Transport }

type hookTarget struct{ url string }

func (h *hookTarget) call(ctx context.Context, c doer, plain bool) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, h.url, nil)
	if err != nil {
		return err
	}
	if plain {
		tr := http.DefaultTransport.(*http.Transport).Clone()
		if th, ok := c.(transportHolder); ok {
			tr = th.Transport()
		}
		c = &http.Client{Transport: tr, Timeout: time.Minute}
	}
	res, err := c.Do(req)
	if err != nil {
		return err
	}
	return res.Body.Close()
}

type hookCtrl struct {
	client doer
	hooks  []*hookTarget
}

func newHookCtrl() *hookCtrl {
	client := &http.Client{} // GOOD: every send gets a 10 s deadline
	return &hookCtrl{client: client}
}

func (k *hookCtrl) run(ctx context.Context) error {
	for _, h := range k.hooks {
		hctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		if err := h.call(hctx, k.client, false); err != nil {
			return err
		}
	}
	return nil
}

// The same shape where one caller hands a context without a bound.

type hookCtrlBg struct {
	client doer
	hooks  []*hookTarget
}

func newHookCtrlBg() *hookCtrlBg {
	client := &http.Client{} // want `http.Client has no Timeout`
	return &hookCtrlBg{client: client}
}

func (k *hookCtrlBg) run(ctx context.Context) error {
	hctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := k.hooks[0].call(hctx, k.client, false); err != nil {
		return err
	}
	return k.hooks[0].call(context.Background(), k.client, false)
}

// A type assertion to an interface that can send is a send out of view.

type sendHolder interface {
	Get(string) (*http.Response, error)
}

type hookCtrlGet struct{ client doer }

func newHookCtrlGet() *hookCtrlGet {
	return &hookCtrlGet{client: &http.Client{}} // want `http.Client has no Timeout`
}

func (k *hookCtrlGet) run(ctx context.Context, u string) error {
	hctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	return getThrough(hctx, k.client, u)
}

func getThrough(ctx context.Context, c doer, u string) error {
	if g, ok := c.(sendHolder); ok {
		res, err := g.Get(u)
		if err != nil {
			return err
		}
		return res.Body.Close()
	}
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	res, err := c.Do(req)
	if err != nil {
		return err
	}
	return res.Body.Close()
}
