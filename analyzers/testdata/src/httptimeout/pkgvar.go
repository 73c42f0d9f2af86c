package httptimeout

import (
	"context"
	"net/http"
	"sync"
)

// A client kept in an unexported package-level variable is followed through
// the package: bounded when every read sends with a deadline or the caller's
// context, directly or through a getter whose callers do.

var (
	credOnce   sync.Once
	credClient *http.Client
)

func clientAndKey() (*http.Client, string) {
	credOnce.Do(func() {
		credClient = http.DefaultClient // GOOD: every caller sends with its context
	})
	return credClient, "key"
}

func pushPolicy(ctx context.Context, u string) error {
	client, key := clientAndKey()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", key)
	res, err := client.Do(req)
	if err != nil {
		return err
	}
	return res.Body.Close()
}

var lazyClient *http.Client

func lazy() *http.Client {
	if lazyClient == nil {
		lazyClient = &http.Client{} // want `http.Client has no Timeout`
	}
	return lazyClient
}

// BAD: one caller of the getter sends with Get.
func fetchLazy(u string) error {
	res, err := lazy().Get(u)
	if err != nil {
		return err
	}
	return res.Body.Close()
}

var sharedDirect *http.Client

func initShared() {
	sharedDirect = http.DefaultClient // want `http.DefaultClient has no timeout`
}

// BAD: a send with a request built without a context.
func fetchSharedDirect(u string) error {
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	res, err := sharedDirect.Do(req)
	if err != nil {
		return err
	}
	return res.Body.Close()
}
