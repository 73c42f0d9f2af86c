package retryall

import (
	"time"

	"k8s.io/apimachinery/pkg/util/wait"
	k8sretry "k8s.io/client-go/util/retry"
)

// A retry capped in the code at a modest number of tries (at most 10
// attempts and 5 min of waiting in all) is not reported: a permanent error
// costs at most nine more calls and surfaces within minutes. Nor is one whose limit its user declares (a
// configuration field, a caller's parameter).

// GOOD: client-go's DefaultBackoff (4 attempts, about 0.34 s) and
// DefaultRetry (5 attempts, about 44 ms), and a literal as short.
func quickDefaultBackoff() error {
	return k8sretry.OnError(k8sretry.DefaultBackoff, func(error) bool { return true }, send)
}

func quickDefaultRetry() error {
	return k8sretry.OnError(k8sretry.DefaultRetry, nonNil, send)
}

func quickLiteral() error {
	b := wait.Backoff{Duration: 10 * time.Millisecond, Factor: 5, Jitter: 0.1, Steps: 4}
	return k8sretry.OnError(b, always, send)
}

// GOOD: a loop of 3 tries 50 ms apart.
func quickLoop() error {
	var err error
	for i := 0; i < 3; i++ {
		if err = send(); err == nil {
			return nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	return err
}

// BAD: 5 attempts whose waits grow to 10+50+250+1250 s: past 5 min.
func growsPastTenSeconds() error {
	b := wait.Backoff{Duration: 10 * time.Second, Factor: 5, Steps: 5}
	return k8sretry.OnError(b, always, send) // want `retry.OnError retries every error`
}

// BAD: 11 attempts, however short the waits.
func elevenAttempts() error {
	return k8sretry.OnError(wait.Backoff{Duration: time.Millisecond, Steps: 11}, always, send) // want `retry.OnError retries every error`
}

// GOOD: a count its user declares (a field, a caller's parameter): the
// user chose what a permanent error costs.
type patcher struct{ Steps int }

func (p *patcher) stepsFromField() error {
	b := wait.Backoff{Duration: 10 * time.Millisecond, Steps: p.Steps}
	return k8sretry.OnError(b, always, send)
}

// BAD: a whole backoff from the caller shows no limit here to read.
func backoffFromCaller(b wait.Backoff) error {
	return k8sretry.OnError(b, always, send) // want `retry.OnError retries every error`
}

func loopCountFromCaller(n int) error {
	var err error
	for i := 0; i < n; i++ {
		if err = send(); err == nil {
			return nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	return err
}

// BAD: 3 tries, but 5 s apart: 15 s of waiting.
func slowLoop() error {
	var err error
	for i := 0; i < 20; i++ { // want `retry loop retries every error alike`
		if err = send(); err == nil {
			return nil
		}
		time.Sleep(5 * time.Second)
	}
	return err
}

// BAD: quick tries whose attempt retries on its own for seconds: each try
// is slow.
func sendPatiently() error {
	var err error
	for i := 0; i < 20; i++ { // want `retry loop retries every error alike`
		if err = send(); err == nil {
			return nil
		}
		time.Sleep(4 * time.Second)
	}
	return err
}

func quickAroundSlow() error {
	return k8sretry.OnError(k8sretry.DefaultBackoff, always, func() error { return sendPatiently() }) // want `retry.OnError retries every error`
}
