package s6deadline

import (
	"context"
	"net/http"
	"time"
)

type Checker struct {
	hc      *http.Client
	timeout time.Duration
}

// FP: every use of hc below except Fetch carries a deadline.
func NewChecker(t time.Duration) *Checker { return &Checker{hc: &http.Client{}, timeout: t} }

func (c *Checker) Check(url string) error {
	ctx, cancel := context.WithTimeout(context.Background(), c.timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodHead, url, nil)
	if err != nil {
		return err
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

type API struct{ hc *http.Client }

func NewAPI() *API { return &API{hc: http.DefaultClient} }

func withDefaultTimeout() (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), 80*time.Second)
}

func (a *API) Health(url string) error {
	ctx, cancel := withDefaultTimeout()
	defer cancel()
	return a.HealthContext(ctx, url)
}

func (a *API) HealthContext(ctx context.Context, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := a.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
