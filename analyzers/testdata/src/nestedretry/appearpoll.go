package nestedretry

// A loop that waits before its first attempt, only reads, ends on a time
// limit of its own and only logs its errors polls for something another
// component makes: no retry layer, so a retry of the whole flow around it
// multiplies nothing. A loop that reads at once and waits after a failure
// is a retry of the read, and a retry around it multiplies it.

import (
	"context"
	"errors"
	"log"
	"net/http"
	"time"
)

type aprClient struct {
	c    *http.Client
	base string
}

func (a *aprClient) send(ctx context.Context, method, path string) error {
	req, err := http.NewRequestWithContext(ctx, method, a.base+path, nil)
	if err != nil {
		return err
	}
	resp, err := a.c.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return errors.New(resp.Status)
	}
	return nil
}

func (a *aprClient) CreateRequest(ctx context.Context, name string) error {
	return a.send(ctx, http.MethodPost, "/requests/"+name)
}

func (a *aprClient) GetGrant(ctx context.Context, name string) error {
	return a.send(ctx, http.MethodGet, "/grants/"+name)
}

// aprRequestAndAwait asks for a grant, then polls for it to appear.
func aprRequestAndAwait(ctx context.Context, a *aprClient, name string) error {
	if err := a.CreateRequest(ctx, name); err != nil {
		return err
	}
	deadline := time.After(30 * time.Minute)
	for {
		select {
		case <-deadline:
			return errors.New("timed out waiting for the grant")
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(2 * time.Second):
		}
		err := a.GetGrant(ctx, name)
		if err != nil {
			log.Printf("waiting for grant %s: %v", name, err)
			continue
		}
		return nil
	}
}

func aprRegister(ctx context.Context, a *aprClient, name string) error {
	var err error
	for i := 0; i < 6; i++ {
		if err = aprRequestAndAwait(ctx, a, name); err == nil {
			return nil
		}
		time.Sleep(time.Minute)
	}
	return err
}

// Look-alike: the inner loop reads at once and retries the read.
func aprRequestAndRead(ctx context.Context, a *aprClient, name string) error {
	if err := a.CreateRequest(ctx, name); err != nil {
		return err
	}
	deadline := time.After(30 * time.Minute)
	for {
		err := a.GetGrant(ctx, name)
		if err != nil {
			log.Printf("reading grant %s: %v", name, err)
			select {
			case <-deadline:
				return errors.New("timed out reading the grant")
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(2 * time.Second):
			}
			continue
		}
		return nil
	}
}

func aprRegisterRead(ctx context.Context, a *aprClient, name string) error {
	var err error
	for i := 0; i < 6; i++ { // want `retry loop \(6 attempts\) around aprRequestAndRead, which retries on its own \(retry loop\): the attempts multiply; keep a single retry layer`
		if err = aprRequestAndRead(ctx, a, name); err == nil {
			return nil
		}
		time.Sleep(time.Minute)
	}
	return err
}
