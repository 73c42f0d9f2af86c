package httptimeout

import (
	"context"
	"net/http"
	"time"
)

// Validate gives the check a deadline of its own; only the package's test
// calls checkRemote with context.Background().
func Validate(ctx context.Context, u string) error {
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	return checkRemote(ctx, u)
}

// GOOD: every call of the program brings a context with a deadline.
func checkRemote(ctx context.Context, u string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// ValidateNow sends the check with no deadline at all.
func ValidateNow(u string) error {
	return checkUnbounded(context.Background(), u)
}

// BAD: the program itself calls it with context.Background().
func checkUnbounded(ctx context.Context, u string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req) // want `http.DefaultClient has no timeout`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
