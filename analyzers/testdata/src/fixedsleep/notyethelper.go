package fixedsleep

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	v1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
)

// A wait for a kind to be served goes round only while a predicate of the
// package says "not there yet" and returns every other error. The predicate's
// name says so (NotRegistered), and its body asks the error only for
// absence: by its text, or by a not-found sentinel. It is a poll for
// something to appear, as one on apierrors.IsNotFound is; its constant pace
// is a poll's.

var errKindNotFound = errors.New("kind not found")

func isKindNotRegistered(err error) bool {
	if err == nil {
		return false
	}
	msg := err.Error()
	return strings.Contains(msg, "no matches for kind") || strings.Contains(msg, "could not find the requested resource")
}

func isKindNotRegisteredSentinel(err error) bool { return errors.Is(err, errKindNotFound) }

func awaitKindServed(ctx context.Context, cs kubernetes.Interface, ns, name string, timeout time.Duration) (*v1.Pod, error) {
	deadline := time.Now().Add(timeout)
	for time.Now().Before(deadline) {
		p, err := cs.CoreV1().Pods(ns).Get(ctx, name, metav1.GetOptions{})
		if err == nil {
			return p, nil
		}
		if !isKindNotRegistered(err) {
			return nil, fmt.Errorf("reading: %w", err)
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(500 * time.Millisecond):
		}
	}
	return nil, errors.New("timed out")
}

type kindWaiter struct{ cs kubernetes.Interface }

func (w *kindWaiter) notServedYet(err error) bool {
	return err != nil && strings.HasPrefix(err.Error(), "no matches for kind")
}

func (w *kindWaiter) await(ctx context.Context, ns, name string, timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	for time.Now().Before(deadline) {
		_, err := w.cs.CoreV1().Pods(ns).Get(ctx, name, metav1.GetOptions{})
		if err == nil {
			return nil
		}
		if !w.notServedYet(err) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(500 * time.Millisecond):
		}
	}
	return errors.New("timed out")
}

func awaitKindServedSentinel(ctx context.Context, cs kubernetes.Interface, ns, name string, timeout time.Duration) (*v1.Pod, error) {
	deadline := time.Now().Add(timeout)
	for time.Now().Before(deadline) {
		p, err := cs.CoreV1().Pods(ns).Get(ctx, name, metav1.GetOptions{})
		if err == nil {
			return p, nil
		}
		if !isKindNotRegisteredSentinel(err) {
			return nil, fmt.Errorf("reading: %w", err)
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(500 * time.Millisecond):
		}
	}
	return nil, errors.New("timed out")
}

// ---- look-alikes: classified retries at a constant pace ----

// Named for retrying: the same text test classifies a failure.
func isRetryableKindError(err error) bool {
	return strings.Contains(err.Error(), "no matches for kind")
}

// Named for "not ready", but the text is a transport failure.
func isServerNotReady(err error) bool {
	return strings.Contains(err.Error(), "connection refused")
}

// Named for absence, but it also asks another question of the error.
func isKindNotServed(err error) bool {
	return isTimeoutText(err) || strings.Contains(err.Error(), "no matches for kind")
}

func isTimeoutText(err error) bool { return strings.Contains(err.Error(), "timeout") }

func retryKindRead(ctx context.Context, cs kubernetes.Interface, ns, name string, timeout time.Duration) (*v1.Pod, error) {
	deadline := time.Now().Add(timeout)
	for time.Now().Before(deadline) { // want `waits the same 500 \* time.Millisecond before every attempt`
		p, err := cs.CoreV1().Pods(ns).Get(ctx, name, metav1.GetOptions{})
		if err == nil {
			return p, nil
		}
		if !isRetryableKindError(err) {
			return nil, err
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(500 * time.Millisecond):
		}
	}
	return nil, errors.New("timed out")
}

func retryUntilServerReady(ctx context.Context, cs kubernetes.Interface, ns, name string, timeout time.Duration) (*v1.Pod, error) {
	deadline := time.Now().Add(timeout)
	for time.Now().Before(deadline) { // want `waits the same 500 \* time.Millisecond before every attempt`
		p, err := cs.CoreV1().Pods(ns).Get(ctx, name, metav1.GetOptions{})
		if err == nil {
			return p, nil
		}
		if !isServerNotReady(err) {
			return nil, err
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(500 * time.Millisecond):
		}
	}
	return nil, errors.New("timed out")
}

func retryKindNotServed(ctx context.Context, cs kubernetes.Interface, ns, name string, timeout time.Duration) (*v1.Pod, error) {
	deadline := time.Now().Add(timeout)
	for time.Now().Before(deadline) { // want `waits the same 500 \* time.Millisecond before every attempt`
		p, err := cs.CoreV1().Pods(ns).Get(ctx, name, metav1.GetOptions{})
		if err == nil {
			return p, nil
		}
		if !isKindNotServed(err) {
			return nil, err
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(500 * time.Millisecond):
		}
	}
	return nil, errors.New("timed out")
}

// ---- a table of "not found" codes: a poll for a new resource to be seen ----

// A cloud answers with a "*.NotFound" code while a resource it has just
// created is not visible everywhere yet. The predicate looks the code up in a
// table whose keys all name absence; the name says what it asks.

var propagationCodes = map[string]bool{
	"InvalidInstanceID.NotFound": true,
	"InvalidVpcID.NotFound":      true,
}

var retryCodes = map[string]bool{
	"InvalidInstanceID.NotFound": true,
	"RequestLimitExceeded":       true,
}

func errorCode(err error) string {
	var c interface{ Code() string }
	if errors.As(err, &c) {
		return c.Code()
	}
	return ""
}

func isEventualConsistencyError(err error) bool {
	code := errorCode(err)
	known, found := propagationCodes[code]
	if found {
		return known
	}
	if code != "" {
		println("uncategorized error code", code)
	}
	return false
}

// Named for propagation, but one key is throttling: it classifies failures.
func isPropagationError(err error) bool { return retryCodes[errorCode(err)] }

// Named for retrying: the same table of "not found" codes classifies.
func isRetryableCode(err error) bool { return propagationCodes[errorCode(err)] }

func awaitTagsVisible(ctx context.Context, cs kubernetes.Interface, ns, name string) (*v1.Pod, error) {
	for attempt := 0; attempt < 60; attempt++ {
		p, err := cs.CoreV1().Pods(ns).Get(ctx, name, metav1.GetOptions{})
		if err == nil {
			return p, nil
		}
		if !isEventualConsistencyError(err) {
			return nil, err
		}
		time.Sleep(2 * time.Second)
	}
	return nil, errors.New("not visible after 60 tries")
}

func retryPropagation(ctx context.Context, cs kubernetes.Interface, ns, name string) (*v1.Pod, error) {
	for attempt := 0; attempt < 60; attempt++ { // want `waits the same 2 \* time.Second before every attempt`
		p, err := cs.CoreV1().Pods(ns).Get(ctx, name, metav1.GetOptions{})
		if err == nil {
			return p, nil
		}
		if !isPropagationError(err) {
			return nil, err
		}
		time.Sleep(2 * time.Second)
	}
	return nil, errors.New("gave up after 60 tries")
}

func retryByCode(ctx context.Context, cs kubernetes.Interface, ns, name string) (*v1.Pod, error) {
	for attempt := 0; attempt < 60; attempt++ { // want `waits the same 2 \* time.Second before every attempt`
		p, err := cs.CoreV1().Pods(ns).Get(ctx, name, metav1.GetOptions{})
		if err == nil {
			return p, nil
		}
		if !isRetryableCode(err) {
			return nil, err
		}
		time.Sleep(2 * time.Second)
	}
	return nil, errors.New("gave up after 60 tries")
}
