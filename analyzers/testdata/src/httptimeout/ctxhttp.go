package httptimeout

import (
	"context"
	"net/http"
	"time"

	"golang.org/x/net/context/ctxhttp"
)

// ctxhttp sends with the client and the context it is handed: a deadline on
// that context bounds the send as it would on the request.

func ctxhttpWithDeadline(parent context.Context, req *http.Request) error {
	c := &http.Client{} // GOOD: its one send is under a context with a deadline
	ctx, cancel := context.WithTimeout(parent, 30*time.Second)
	defer cancel()
	resp, err := ctxhttp.Do(ctx, c, req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

type webhookCaller struct{ hc *http.Client }

func newWebhookCaller() *webhookCaller {
	return &webhookCaller{hc: &http.Client{}} // GOOD: the field's one send has a deadline
}

func (h *webhookCaller) send(parent context.Context, u string) error {
	ctx, cancel := context.WithTimeout(parent, time.Minute)
	defer cancel()
	resp, err := ctxhttp.Get(ctx, h.hc, u)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func ctxhttpWithoutDeadline(u string) error {
	c := &http.Client{} // want `http.Client has no Timeout`
	resp, err := ctxhttp.Get(context.Background(), c, u)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
