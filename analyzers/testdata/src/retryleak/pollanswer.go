package retryleak

import (
	"context"
	"io"
	"net/http"
	"time"

	"k8s.io/apimachinery/pkg/util/wait"
)

// Poll conditions of the wait package: an answer false with a nil error
// makes the helper call the condition again.

// waitReadyAnswer answers with a success test of the status: a non-200
// round goes round with the body open.
func waitReadyAnswer(ctx context.Context, hc *http.Client, url string) error {
	return wait.PollUntilContextTimeout(ctx, time.Second, time.Minute, true, func(ctx context.Context) (bool, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return false, nil
		}
		resp, err := hc.Do(req)
		if err != nil {
			return false, nil
		}
		return resp.StatusCode == http.StatusOK, nil // want `failed response resp makes the poll condition answer "not yet" without closing resp.Body`
	})
}

// waitReadyBranch answers "not yet" from a failed-status branch.
func waitReadyBranch(hc *http.Client, url string) error {
	return wait.PollImmediate(time.Second, time.Minute, func() (bool, error) {
		resp, err := hc.Get(url)
		if err != nil {
			return false, nil
		}
		if resp.StatusCode != http.StatusOK {
			return false, nil // want `failed response resp makes the poll condition answer "not yet"`
		}
		resp.Body.Close()
		return true, nil
	})
}

// waitReadyBackoff: the backoff helper calls its condition again alike.
func waitReadyBackoff(ctx context.Context, hc *http.Client, url string) error {
	b := wait.Backoff{Duration: time.Second, Factor: 2, Jitter: 0.1, Steps: 8}
	return wait.ExponentialBackoffWithContext(ctx, b, func(ctx context.Context) (bool, error) {
		resp, err := hc.Get(url)
		if err != nil {
			return false, nil
		}
		if resp.StatusCode >= 500 {
			return false, nil // want `failed response resp makes the poll condition answer "not yet"`
		}
		defer resp.Body.Close()
		return true, nil
	})
}

// Look-alikes.

// waitReadyDeferred closes the body when the condition returns.
func waitReadyDeferred(ctx context.Context, hc *http.Client, url string) error {
	return wait.PollUntilContextTimeout(ctx, time.Second, time.Minute, true, func(ctx context.Context) (bool, error) {
		resp, err := hc.Get(url)
		if err != nil {
			return false, nil
		}
		defer resp.Body.Close()
		return resp.StatusCode == http.StatusOK, nil
	})
}

// waitReadyClosed drains and closes before answering "not yet".
func waitReadyClosed(hc *http.Client, url string) error {
	return wait.PollImmediate(time.Second, time.Minute, func() (bool, error) {
		resp, err := hc.Get(url)
		if err != nil {
			return false, nil
		}
		if resp.StatusCode != http.StatusOK {
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			return false, nil
		}
		resp.Body.Close()
		return true, nil
	})
}

// waitReadyHanded hands the response to a helper that may close it.
func waitReadyHanded(hc *http.Client, url string) error {
	return wait.PollImmediate(time.Second, time.Minute, func() (bool, error) {
		resp, err := hc.Get(url)
		if err != nil {
			return false, nil
		}
		if resp.StatusCode != http.StatusOK {
			releasePolled(resp)
			return false, nil
		}
		return true, nil
	})
}

func releasePolled(resp *http.Response) {
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
}

// waitGone answers done on the failed status: the helper stops calling.
func waitGone(hc *http.Client, url string) error {
	return wait.PollImmediate(time.Second, time.Minute, func() (bool, error) {
		resp, err := hc.Get(url)
		if err != nil {
			return false, nil
		}
		if resp.StatusCode == http.StatusNotFound {
			return true, nil
		}
		resp.Body.Close()
		return false, nil
	})
}

// waitStops answers with an error on the failed status: the wait helper
// stops on it.
func waitStops(hc *http.Client, url string) error {
	return wait.PollImmediate(time.Second, time.Minute, func() (bool, error) {
		resp, err := hc.Get(url)
		if err != nil {
			return false, nil
		}
		if resp.StatusCode != http.StatusOK {
			return false, io.ErrUnexpectedEOF
		}
		resp.Body.Close()
		return true, nil
	})
}

// answerOutsideWait is a look-alike callback no poll helper calls.
func answerOutsideWait(hc *http.Client, url string) (bool, error) {
	check := func() (bool, error) {
		resp, err := hc.Get(url)
		if err != nil {
			return false, nil
		}
		return resp.StatusCode == http.StatusOK, nil
	}
	return check()
}

// waitDown answers done when the status fails: a 200 goes round, with no
// failed response to close.
func waitDown(ctx context.Context, hc *http.Client, url string) error {
	return wait.PollUntilContextTimeout(ctx, time.Second, time.Minute, true, func(ctx context.Context) (bool, error) {
		resp, err := hc.Get(url)
		if err != nil {
			return true, nil
		}
		return resp.StatusCode != http.StatusOK, nil
	})
}
