package retryall

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"time"
)

// --- recursion whose next call is another attempt -------------------------------

func soap(_ context.Context, body string) (*http.Response, error) {
	reach()
	return &http.Response{Body: io.NopCloser(strings.NewReader(body))}, nil
}

// The constant lease 0 fails the guard lease > 0: the second call cannot call
// again, and its request carries another lease. A fallback, asked once.
func addLease(ctx context.Context, port int, lease time.Duration) error {
	resp, err := soap(ctx, fmt.Sprintf("<add port=%d lease=%d/>", port, lease/time.Second))
	if err != nil && lease > 0 {
		return addLease(ctx, port, 0)
	}
	if resp != nil {
		resp.Body.Close()
	}
	return err
}

// The parameter set to the constant 0 just before the self-call hands the
// call 0 as surely as the constant would: a fallback, asked once.
func addLeaseReset(ctx context.Context, port int, lease time.Duration) error {
	resp, err := soap(ctx, fmt.Sprintf("<add port=%d lease=%d/>", port, lease/time.Second))
	if lease > 0 {
		if err != nil {
			lease = 0
			return addLeaseReset(ctx, port, lease)
		}
	}
	if resp != nil {
		resp.Body.Close()
	}
	return err
}

// Set to 0 on one way only: the other way hands the lease unchanged.
func addLeaseResetSometimes(ctx context.Context, port int, lease time.Duration, short bool) error {
	resp, err := soap(ctx, fmt.Sprintf("<add port=%d lease=%d/>", port, lease/time.Second))
	if err != nil && lease > 0 {
		if short {
			lease = 0
		}
		return addLeaseResetSometimes(ctx, port, lease, short) // want `recursive retry calls itself again on every error`
	}
	if resp != nil {
		resp.Body.Close()
	}
	return err
}

// Set to 0 and elsewhere to another value: the parameter holds no one constant.
func addLeaseResetTwice(ctx context.Context, port int, lease time.Duration) error {
	if lease > time.Hour {
		lease = time.Hour
	}
	resp, err := soap(ctx, fmt.Sprintf("<add port=%d lease=%d/>", port, lease/time.Second))
	if err != nil && lease > 0 {
		lease = 0
		return addLeaseResetTwice(ctx, port, lease) // want `recursive retry calls itself again on every error`
	}
	if resp != nil {
		resp.Body.Close()
	}
	return err
}

// The request carries the parameter through its header (Range from the
// offset): the call with offset 0 asks for the whole object, another request.
func getFrom(ctx context.Context, url string, from int64) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	if from > 0 {
		req.Header.Set("Range", fmt.Sprintf("bytes=%d-", from))
	}
	resp, err := http.DefaultClient.Do(req)
	if from > 0 && err == nil && resp.StatusCode != http.StatusPartialContent {
		resp.Body.Close()
		from = 0
		return getFrom(ctx, url, from)
	}
	return resp, err
}

// Look-alike: the header is set from something else; only the guard reads the
// offset, so the call sends the same request once more.
func getFromSame(ctx context.Context, url string, from int64, tag string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("X-Tag", tag)
	resp, err := http.DefaultClient.Do(req)
	if from > 0 && err == nil && resp.StatusCode != http.StatusPartialContent {
		resp.Body.Close()
		from = 0
		return getFromSame(ctx, url, from, tag) // want `recursive retry`
	}
	return resp, err
}

// The same lease again: a retry of every error.
func addLeaseAgain(ctx context.Context, port int, lease time.Duration) error {
	resp, err := soap(ctx, fmt.Sprintf("<add port=%d lease=%d/>", port, lease/time.Second))
	if err != nil && lease > 0 {
		return addLeaseAgain(ctx, port, lease) // want `recursive retry calls itself again on every error`
	}
	if resp != nil {
		resp.Body.Close()
	}
	return err
}

// A constant that keeps the guard true may call again: still a retry.
func addLeaseLonger(ctx context.Context, port int, lease time.Duration) error {
	resp, err := soap(ctx, fmt.Sprintf("<add port=%d lease=%d/>", port, lease/time.Second))
	if err != nil && (lease > 0 || port > 0) {
		return addLeaseLonger(ctx, port, time.Hour) // want `recursive retry calls itself again on every error`
	}
	if resp != nil {
		resp.Body.Close()
	}
	return err
}

// A flag only the guard reads: the same request once more, a retry.
func sendOnceMore(ctx context.Context, body string, retried bool) error {
	resp, err := soap(ctx, body)
	if err != nil && !retried {
		return sendOnceMore(ctx, body, true) // want `recursive retry calls itself again on every error`
	}
	if resp != nil {
		resp.Body.Close()
	}
	return err
}

type hookConn struct{ timeout time.Duration }

func (s *hookConn) deliver(target string, msg []byte) error {
	reach()
	_, _ = target, msg
	return nil
}

type webhook struct {
	mu       sync.Mutex
	client   *hookConn
	endpoint string
	cached   string
}

func (w *webhook) setCached(u string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.cached = u
}

func (w *webhook) renewClient() { w.client = &hookConn{timeout: time.Minute} }

// The failed cached target is dropped by a setter before the call: the next
// call goes to the configured endpoint, a failover.
func (w *webhook) post(msg []byte, depth int) error {
	w.mu.Lock()
	target := w.cached
	usingCached := target != ""
	if !usingCached {
		target = w.endpoint
	}
	w.mu.Unlock()
	err := w.client.deliver(target, msg)
	if err != nil {
		if usingCached && depth == 0 {
			w.setCached("")
			return w.post(msg, depth+1)
		}
		return err
	}
	return nil
}

// A setter of the client the attempt is called on: the same request again.
func (w *webhook) postAgain(msg []byte, depth int) error {
	err := w.client.deliver(w.endpoint, msg)
	if err != nil && depth < 3 {
		w.renewClient()
		return w.postAgain(msg, depth+1) // want `recursive retry calls itself again on every error`
	}
	return err
}

// The setter runs on some ways only: the other ways send to the same target.
func (w *webhook) postMaybeMoved(msg []byte, depth int, move bool) error {
	w.mu.Lock()
	target := w.cached
	if target == "" {
		target = w.endpoint
	}
	w.mu.Unlock()
	err := w.client.deliver(target, msg)
	if err != nil && depth < 3 {
		if move {
			w.setCached("")
		}
		return w.postMaybeMoved(msg, depth+1, move) // want `recursive retry calls itself again on every error`
	}
	return err
}
