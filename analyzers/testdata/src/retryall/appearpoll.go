package retryall

// A loop that waits before its first attempt, only reads, ends on a time
// limit of its own, and only logs the errors it goes round on polls for
// something another component makes: every error means "not there yet".
// A retry of a read tries at once, or keeps its last error, or has no
// limit of its own; a poll that writes repeats the write.

import (
	"context"
	"errors"
	"log"
	"net/http"
	"time"
)

type apSecret struct{ data []byte }

type apClient struct {
	c    *http.Client
	base string
}

func (a *apClient) GetSecret(ctx context.Context, name string) (*apSecret, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, a.base+"/secrets/"+name, nil)
	if err != nil {
		return nil, err
	}
	resp, err := a.c.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, errors.New(resp.Status)
	}
	return &apSecret{}, nil
}

func (a *apClient) CreateRequest(ctx context.Context, name string) (*apSecret, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, a.base+"/requests/"+name, nil)
	if err != nil {
		return nil, err
	}
	resp, err := a.c.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, errors.New(resp.Status)
	}
	return &apSecret{}, nil
}

// The secret appears once the other side has handled the request: a poll.
func apAwaitSecret(ctx context.Context, a *apClient, name string) (*apSecret, error) {
	deadline := time.After(30 * time.Minute)
	for {
		select {
		case <-deadline:
			return nil, errors.New("timed out waiting for " + name)
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(2 * time.Second):
		}
		s, err := a.GetSecret(ctx, name)
		if err != nil {
			log.Printf("waiting for %s: %v", name, err)
			continue
		}
		if len(s.data) == 0 {
			return nil, errors.New("empty secret")
		}
		return s, nil
	}
}

// Look-alike: it tries at once and waits after a failure: a retry of a read.
func apRetryRead(ctx context.Context, a *apClient, name string) (*apSecret, error) {
	deadline := time.After(30 * time.Minute)
	for { // want `retry loop retries every error alike`
		s, err := a.GetSecret(ctx, name)
		if err != nil {
			log.Printf("reading %s: %v", name, err)
			select {
			case <-deadline:
				return nil, errors.New("timed out reading " + name)
			case <-ctx.Done():
				return nil, ctx.Err()
			case <-time.After(2 * time.Second):
			}
			continue
		}
		return s, nil
	}
}

// Look-alike: the attempt writes; each round sends the request again.
func apRepeatCreate(ctx context.Context, a *apClient, name string) (*apSecret, error) {
	deadline := time.After(30 * time.Minute)
	for { // want `retry loop retries every error alike`
		select {
		case <-deadline:
			return nil, errors.New("timed out creating " + name)
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(2 * time.Second):
		}
		s, err := a.CreateRequest(ctx, name)
		if err != nil {
			log.Printf("creating %s: %v", name, err)
			continue
		}
		return s, nil
	}
}

// Look-alike: it keeps the last error and returns it when time runs out.
func apKeepsError(ctx context.Context, a *apClient, name string) (*apSecret, error) {
	deadline := time.After(30 * time.Minute)
	var last error
	for { // want `retry loop retries every error alike`
		select {
		case <-deadline:
			return nil, last
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(2 * time.Second):
		}
		s, err := a.GetSecret(ctx, name)
		if err != nil {
			last = err
			continue
		}
		return s, nil
	}
}

// Look-alike: nothing of its own ends it, only the caller's context.
func apNoLimit(ctx context.Context, a *apClient, name string) (*apSecret, error) {
	for { // want `retry loop retries every error alike`
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(2 * time.Second):
		}
		s, err := a.GetSecret(ctx, name)
		if err != nil {
			log.Printf("waiting for %s: %v", name, err)
			continue
		}
		return s, nil
	}
}
