package fixedsleep

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// A compare-and-swap restart reads the state anew in each round, writes it
// back on the condition that it did not change, and goes round only when the
// write answers that it did (a conflict: gRPC FailedPrecondition or Aborted,
// HTTP 409 or 412, a conflict error), returning every other error. Another
// writer won; trying again at once with the fresh state is the right pace.
// Going round on another answer (Unavailable: the server is in trouble), or
// writing the same state again without a read, is a retry.

type casEntry struct {
	Attrs   map[string]string
	Version int64
}

type casStore interface {
	Get(ctx context.Context, key string) (*casEntry, error)
	Update(ctx context.Context, key string, e *casEntry, version int64) error
}

var errVersionConflict = errors.New("version conflict")

func casSetFailedPrecondition(ctx context.Context, c casStore, key, k, v string) error {
	for i := 0; i < 5; i++ {
		e, err := c.Get(ctx, key)
		if err != nil {
			return err
		}
		e.Attrs[k] = v
		err = c.Update(ctx, key, e, e.Version)
		if err == nil {
			return nil
		}
		if status.Code(err) != codes.FailedPrecondition {
			return err
		}
	}
	return errors.New("too many concurrent updates")
}

func casSetAborted(ctx context.Context, c casStore, key, k, v string) error {
	for {
		e, err := c.Get(ctx, key)
		if err != nil {
			return err
		}
		attrs := e.Attrs
		attrs[k] = v
		err = c.Update(ctx, key, &casEntry{Attrs: attrs}, e.Version)
		if status.Code(err) == codes.Aborted {
			continue
		}
		return err
	}
}

func casSetConflictSentinel(ctx context.Context, c casStore, key, k, v string) error {
	var err error
	for i := 0; i < 5; i++ {
		e, gerr := c.Get(ctx, key)
		if gerr != nil {
			return gerr
		}
		e.Attrs[k] = v
		if err = c.Update(ctx, key, e, e.Version); !errors.Is(err, errVersionConflict) {
			return err
		}
	}
	return err
}

func putIfMatch(ctx context.Context, url, body, etag string) (*http.Request, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, url, strings.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("If-Match", etag)
	return req, nil
}

// casPutIfMatch writes body under the ETag it read, over HTTP.
func casPutIfMatch(ctx context.Context, c *http.Client, url, body string) error {
	for i := 0; i < 5; i++ {
		get, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return err
		}
		cur, err := c.Do(get)
		if err != nil {
			return err
		}
		cur.Body.Close()
		put, err := putIfMatch(ctx, url, body, cur.Header.Get("ETag"))
		if err != nil {
			return err
		}
		resp, err := c.Do(put)
		if err != nil {
			return err
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusPreconditionFailed || resp.StatusCode == http.StatusConflict {
			continue
		}
		if resp.StatusCode != http.StatusOK {
			return errors.New(resp.Status)
		}
		return nil
	}
	return errors.New("too many concurrent updates")
}

// ---- look-alikes: retries ----

func casSetUnavailable(ctx context.Context, c casStore, key, k, v string) error {
	for i := 0; i < 8; i++ { // want `retry loop tries again at once after a failure`
		e, err := c.Get(ctx, key)
		if err != nil {
			return err
		}
		e.Attrs[k] = v
		err = c.Update(ctx, key, e, e.Version)
		if err == nil {
			return nil
		}
		if status.Code(err) != codes.Unavailable {
			return err
		}
	}
	return errors.New("unavailable")
}

// The same state written again: nothing read in the round.
func casSetNoRead(ctx context.Context, c casStore, key string, e *casEntry) error {
	for i := 0; i < 8; i++ { // want `retry loop tries again at once after a failure`
		err := c.Update(ctx, key, e, e.Version)
		if err == nil {
			return nil
		}
		if status.Code(err) != codes.FailedPrecondition {
			return err
		}
	}
	return errors.New("too many concurrent updates")
}

// Any failure goes round, the conflict among others.
func casSetAny(ctx context.Context, c casStore, key, k, v string) error {
	for i := 0; i < 8; i++ { // want `retry loop tries again at once after a failure`
		e, err := c.Get(ctx, key)
		if err != nil {
			continue
		}
		e.Attrs[k] = v
		err = c.Update(ctx, key, e, e.Version)
		if err == nil {
			return nil
		}
		if status.Code(err) != codes.FailedPrecondition {
			return err
		}
	}
	return errors.New("too many concurrent updates")
}

// Unavailable besides the conflict: the server's trouble goes round too.
func casSetConflictOrUnavailable(ctx context.Context, c casStore, key, k, v string) error {
	for i := 0; i < 8; i++ { // want `retry loop tries again at once after a failure`
		e, err := c.Get(ctx, key)
		if err != nil {
			return err
		}
		e.Attrs[k] = v
		err = c.Update(ctx, key, e, e.Version)
		if err == nil {
			return nil
		}
		if code := status.Code(err); code != codes.Aborted && code != codes.Unavailable {
			return err
		}
	}
	return errors.New("too many concurrent updates")
}
