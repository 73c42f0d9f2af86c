// Package retrybody holds retries that send a request body built once, and the
// look-alikes that must stay quiet.
package retrybody

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

var errStatus = errors.New("unexpected status")

func transient(err error) bool {
	var ne interface{ Timeout() bool }
	return errors.As(err, &ne)
}

// The request is made once, before the loop: the second Do sends an empty body.
func builtBeforeLoop(ctx context.Context, c *http.Client, payload []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, "https://api.example.com/items", bytes.NewReader(payload))
	if err != nil {
		return err
	}
	for attempt := 0; attempt < 3; attempt++ {
		req.Header.Set("X-Attempt", "1")
		resp, err := c.Do(req) // want `request req \(built at line 26, with a body\) is sent again on every attempt of the retry loop, but the first attempt consumes its body: build the request inside the attempt, or reset req.Body from req.GetBody\(\) before each send`
		if err == nil {
			resp.Body.Close()
			return nil
		}
		if !transient(err) {
			return err
		}
		time.Sleep(time.Duration(attempt+1) * 100 * time.Millisecond)
	}
	return errStatus
}

// The body reader is a variable made before the loop.
func readerVarBeforeLoop(ctx context.Context, c *http.Client, doc string) error {
	body := strings.NewReader(doc)
	req, err := http.NewRequest(http.MethodPut, "https://api.example.com/doc", body)
	if err != nil {
		return err
	}
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := c.Do(req) // want `request req \(built at line 48, with a body\) is sent again`
		if err == nil {
			resp.Body.Close()
			return nil
		}
		if !transient(err) {
			return err
		}
		lastErr = err
		time.Sleep(time.Duration(attempt+1) * 100 * time.Millisecond)
	}
	return lastErr
}

// A reader made once and handed to Post in the loop.
func postReaderOnce(c *http.Client, payload []byte) error {
	r := bytes.NewReader(payload)
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := c.Post("https://api.example.com/events", "application/json", r) // want `body reader r \(made at line 70\) is sent again on every attempt of the retry loop, but the first attempt reads it to the end: make the reader inside the attempt, or Seek it back to the start before each send`
		if err == nil {
			resp.Body.Close()
			return nil
		}
		if !transient(err) {
			return err
		}
		time.Sleep(time.Duration(attempt+1) * 100 * time.Millisecond)
	}
	return errStatus
}

// retryDo is the package's retry helper (an inferred wrapper): its callers'
// closures are retry callbacks.
func retryDo(ctx context.Context, op func() error) error {
	var err error
	for attempt := 0; attempt < 4; attempt++ {
		if err = op(); err == nil || !transient(err) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Duration(attempt+1) * 100 * time.Millisecond):
		}
	}
	return err
}

// A request made outside a retry callback and sent in it.
func builtOutsideCallback(ctx context.Context, c *http.Client, payload string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/orders", strings.NewReader(payload))
	if err != nil {
		return err
	}
	return retryDo(ctx, func() error {
		resp, err := c.Do(req) // want `request req \(built at line 104, with a body\) is sent again on every attempt of the retry callback`
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

// Not reported: the request is built inside the attempt.
func builtInside(ctx context.Context, c *http.Client, payload []byte) error {
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPut, "https://api.example.com/items", bytes.NewReader(payload))
		if err != nil {
			return err
		}
		resp, err := c.Do(req)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		if !transient(err) {
			return err
		}
		time.Sleep(time.Duration(attempt+1) * 100 * time.Millisecond)
	}
	return errStatus
}

// Not reported: the reader is made inside the attempt.
func readerInside(c *http.Client, payload []byte) error {
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := c.Post("https://api.example.com/events", "application/json", bytes.NewReader(payload))
		if err == nil {
			resp.Body.Close()
			return nil
		}
		if !transient(err) {
			return err
		}
		time.Sleep(time.Duration(attempt+1) * 100 * time.Millisecond)
	}
	return errStatus
}

// Not reported: no body (nil, http.NoBody) has nothing to consume.
func noBody(ctx context.Context, c *http.Client) error {
	get, err := http.NewRequestWithContext(ctx, http.MethodGet, "https://api.example.com/items", nil)
	if err != nil {
		return err
	}
	del, err := http.NewRequestWithContext(ctx, http.MethodDelete, "https://api.example.com/items/1", http.NoBody)
	if err != nil {
		return err
	}
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := c.Do(get)
		if err == nil {
			resp.Body.Close()
			resp, err = c.Do(del)
		}
		if err == nil {
			resp.Body.Close()
			return nil
		}
		if !transient(err) {
			return err
		}
		time.Sleep(time.Duration(attempt+1) * 100 * time.Millisecond)
	}
	return errStatus
}

// Not reported: the body is reset from GetBody before each send.
func rewindGetBody(ctx context.Context, c *http.Client, payload []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, "https://api.example.com/items", bytes.NewReader(payload))
	if err != nil {
		return err
	}
	for attempt := 0; attempt < 3; attempt++ {
		if attempt > 0 {
			req.Body, _ = req.GetBody()
		}
		resp, err := c.Do(req)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		if !transient(err) {
			return err
		}
		time.Sleep(time.Duration(attempt+1) * 100 * time.Millisecond)
	}
	return errStatus
}

// Not reported: the reader is seeked back to the start before each send.
func rewindSeek(c *http.Client, payload []byte) error {
	r := bytes.NewReader(payload)
	for attempt := 0; attempt < 3; attempt++ {
		if _, err := r.Seek(0, io.SeekStart); err != nil {
			return err
		}
		resp, err := c.Post("https://api.example.com/events", "application/json", r)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		if !transient(err) {
			return err
		}
		time.Sleep(time.Duration(attempt+1) * 100 * time.Millisecond)
	}
	return errStatus
}

// Not reported: each attempt sends a clone with a fresh body.
func cloneFreshBody(ctx context.Context, c *http.Client, payload []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, "https://api.example.com/items", bytes.NewReader(payload))
	if err != nil {
		return err
	}
	for attempt := 0; attempt < 3; attempt++ {
		try := req.Clone(ctx)
		try.Body = io.NopCloser(bytes.NewReader(payload))
		resp, err := c.Do(try)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		if !transient(err) {
			return err
		}
		time.Sleep(time.Duration(attempt+1) * 100 * time.Millisecond)
	}
	return errStatus
}

// Not reported: a retryablehttp Request buffers its body and the client replays it.
func retryableRequest(ctx context.Context, c *retryablehttp.Client, payload []byte) error {
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPut, "https://api.example.com/items", payload)
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Not reported: the request is sent once, after the retry loop that builds it.
func sentAfterLoop(ctx context.Context, c *http.Client, payload []byte) error {
	var req *http.Request
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		req, err = http.NewRequestWithContext(ctx, http.MethodPut, "https://api.example.com/items", bytes.NewReader(payload))
		if err == nil {
			break
		}
		time.Sleep(time.Duration(attempt+1) * 100 * time.Millisecond)
	}
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// The request comes from the caller: whatever its body, the first send
// consumes it, and nothing here rewinds it (callerrequest.go).
func fromCaller(c *http.Client, req *http.Request) error {
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := c.Do(req) // want `request req, the caller's, is sent again`
		if err == nil {
			resp.Body.Close()
			return nil
		}
		if !transient(err) {
			return err
		}
		time.Sleep(time.Duration(attempt+1) * 100 * time.Millisecond)
	}
	return errStatus
}

// Not reported: the request is handed to a helper of the package in the attempt,
// which may rewind it.
func helperMayRewind(ctx context.Context, c *http.Client, payload []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, "https://api.example.com/items", bytes.NewReader(payload))
	if err != nil {
		return err
	}
	for attempt := 0; attempt < 3; attempt++ {
		rewind(req)
		resp, err := c.Do(req)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		if !transient(err) {
			return err
		}
		time.Sleep(time.Duration(attempt+1) * 100 * time.Millisecond)
	}
	return errStatus
}

func rewind(req *http.Request) {
	if req.GetBody != nil {
		req.Body, _ = req.GetBody()
	}
}

// A request variable declared without a value holds nil until the request
// is built into it: the request sent is still the one built once.
func declaredThenBuilt(c *http.Client, payload []byte) error {
	var req *http.Request
	var err error
	if len(payload) == 0 {
		return errStatus
	} else if req, err = http.NewRequest(http.MethodPost, "https://api.example.com/feedback", bytes.NewReader(payload)); err != nil {
		return err
	}
	var resp *http.Response
	for i := 0; i < 3; i++ {
		resp, err = c.Do(req) // want `request req \(built at line \d+, with a body\) is sent again`
		if err == nil {
			break
		}
	}
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Look-alike: declared without a value and built inside the attempt.
func declaredBuiltEachTime(c *http.Client, payload []byte) error {
	var req *http.Request
	var err error
	for i := 0; i < 3; i++ {
		if req, err = http.NewRequest(http.MethodPost, "https://api.example.com/feedback", bytes.NewReader(payload)); err != nil {
			return err
		}
		resp, err := c.Do(req)
		if err == nil {
			return resp.Body.Close()
		}
	}
	return err
}
