package retryall

import (
	"bytes"
	"context"
	"log"
	"net/http"
	"time"
)

// A client helper may hand back the HTTP status as a plain int beside its
// error (status, err = send(ctx, buf)), as remote-write clients do. A loop
// that leaves on the statuses it will not retry tells failures apart by it,
// as one that tests resp.StatusCode does. An int named for a count (n, err
// := w.Write(p)), or a status that is only logged, tells nothing apart.

type sbClient struct{ hc *http.Client }

func (c *sbClient) send(ctx context.Context, buf []byte) (int, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://ingest.example/push", bytes.NewReader(buf))
	if err != nil {
		return -1, err
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return -1, err
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		return resp.StatusCode, errStatus
	}
	return resp.StatusCode, nil
}

var errStatus = http.ErrNotSupported

func isRateLimited(status int) bool { return status == http.StatusTooManyRequests }

// GOOD: only 429, 5xx and connection errors go round.
func (c *sbClient) push(ctx context.Context, buf []byte) error {
	var status int
	var err error
	for try := 0; try < 10; try++ {
		status, err = c.send(ctx, buf)
		if err == nil {
			return nil
		}
		if status > 0 && !isRateLimited(status) && status/100 != 5 {
			break
		}
		time.Sleep(time.Duration(try+1) * time.Second)
	}
	return err
}

// BAD: the status is only logged.
func (c *sbClient) pushLogged(ctx context.Context, buf []byte) error {
	var err error
	for try := 0; try < 20; try++ { // want `retry loop retries every error alike`
		var status int
		status, err = c.send(ctx, buf)
		if err == nil {
			return nil
		}
		if status > 0 {
			log.Printf("push failed with status %d", status)
		}
		time.Sleep(time.Duration(try+1) * time.Second)
	}
	return err
}

type sbWriter interface {
	Write(ctx context.Context, p []byte) (int, error)
}

// BAD: n counts bytes; leaving when nothing was written tells no failure
// apart.
func writeAll(ctx context.Context, w sbWriter, p []byte) error {
	var err error
	for try := 0; try < 20; try++ { // want `retry loop retries every error alike`
		var n int
		n, err = w.Write(ctx, p)
		if err == nil {
			return nil
		}
		if n > 0 {
			break
		}
		time.Sleep(time.Duration(try+1) * time.Second)
	}
	return err
}
