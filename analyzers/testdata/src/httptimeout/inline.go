package httptimeout

import (
	"context"
	"net/http"
)

// A client built where it is used, (&http.Client{...}).Do(req), is judged
// as the same client in a variable would be: quiet when its one request
// carries a deadline or its caller's context, reported (naming the send)
// when the request has no context that could bound it.

type verifyAPI struct{ rt http.RoundTripper }

// GOOD: the request is built from the caller's context.
func (a *verifyAPI) Verify(ctx context.Context, u string) error { return a.call(ctx, u) }

func (a *verifyAPI) call(ctx context.Context, u string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
	if err != nil {
		return err
	}
	res, err := (&http.Client{Transport: a.rt}).Do(req)
	if err != nil {
		return err
	}
	return res.Body.Close()
}

// GOOD: new(http.Client) used at once, with a request that has a deadline.
func inlineNewWithDeadline(ctx context.Context, u string) error {
	ctx, cancel := context.WithTimeout(ctx, 5e9)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	res, err := new(http.Client).Do(req)
	if err != nil {
		return err
	}
	return res.Body.Close()
}

// GOOD: the literal handed at once to a function of the package that only
// sends the caller's request with it (as `c := &http.Client{}; sendWithCaller(c, req)`).
func inlineArgCallerRequest(req *http.Request) error {
	return sendWithCaller(&http.Client{}, req)
}

func sendWithCaller(c *http.Client, req *http.Request) error {
	res, err := c.Do(req)
	if err != nil {
		return err
	}
	return res.Body.Close()
}

// Look-alikes that stay reported.

// The request is built without a context.
func inlineNoContext(rt http.RoundTripper, u string) error {
	req, err := http.NewRequest(http.MethodPost, u, nil)
	if err != nil {
		return err
	}
	res, err := (&http.Client{Transport: rt}).Do(req) // want `http.Client has no Timeout and its Do at line 67 sends with no context that could bound it`
	if err != nil {
		return err
	}
	return res.Body.Close()
}

// The request is built from context.Background().
func inlineBackground(rt http.RoundTripper, u string) error {
	req, err := http.NewRequestWithContext(context.Background(), http.MethodPost, u, nil)
	if err != nil {
		return err
	}
	res, err := (&http.Client{Transport: rt}).Do(req) // want `http.Client has no Timeout and its Do at line 80 sends with no context`
	if err != nil {
		return err
	}
	return res.Body.Close()
}

// No request at all: Get has no context.
func inlineGet(u string) error {
	res, err := (&http.Client{}).Get(u) // want `http.Client has no Timeout and its Get at line 89 sends with no context`
	if err != nil {
		return err
	}
	return res.Body.Close()
}

// new(http.Client) sent at once with Post.
func inlineNewPost(u string) error {
	res, err := new(http.Client).Post(u, "text/plain", nil) // want `new\(http.Client\) has no Timeout and its Post at line 98 sends with no context`
	if err != nil {
		return err
	}
	return res.Body.Close()
}

// The literal handed to a function of the package that sends with Get.
func inlineArgGet(u string) error {
	return inlineGetWith(&http.Client{}, u) // want `http.Client has no Timeout and its Get at line 111 sends with no context`
}

func inlineGetWith(c *http.Client, u string) error {
	res, err := c.Get(u)
	if err != nil {
		return err
	}
	return res.Body.Close()
}

// A method other than a send, called on the literal at once: nothing is
// sent with a bound, the client goes unused.
func inlineTransportOnly() http.RoundTripper {
	return (&http.Client{}).Transport // want `http.Client has no Timeout: a server`
}

// GOOD: a client value in a variable (addressable: c.Do is (&c).Do) is the
// variable form, quiet for the caller's request.
func valueClientCallerRequest(ctx context.Context, rt http.RoundTripper, u string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	c := http.Client{Transport: rt}
	res, err := c.Do(req)
	if err != nil {
		return err
	}
	return res.Body.Close()
}

// The same value sent with Get: reported, naming the send.
func valueClientGet(rt http.RoundTripper, u string) error {
	c := http.Client{Transport: rt} // want `http.Client has no Timeout and its Get at line 142 sends with no context`
	res, err := c.Get(u)
	if err != nil {
		return err
	}
	return res.Body.Close()
}
