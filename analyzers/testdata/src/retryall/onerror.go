package retryall

import (
	"errors"
	"time"

	"example.com/k8sretrypred"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/util/wait"
	k8sretry "k8s.io/client-go/util/retry"
)

// client-go's retry.OnError retries what its predicate accepts: a predicate
// that accepts every error classifies nothing. The positives retry past a few
// quick tries (patient: 20 attempts, seconds of waiting); DefaultBackoff's
// four quick tries are left out (quicktries.go).

var patient = wait.Backoff{Duration: 100 * time.Millisecond, Factor: 2, Jitter: 0.1, Steps: 20}

func always(error) bool { return true }

func anyFailure(err error) bool {
	if err == nil {
		return false // never asked: OnError asks about failures only
	}
	return true
}

func nonNil(err error) bool { return err != nil }

func onErrorAlwaysTrue() error {
	return k8sretry.OnError(patient, func(error) bool { return true }, send) // want `retry.OnError retries every error the callback returns: give retry.OnError a predicate`
}

func onErrorNotNil() error {
	return k8sretry.OnError(patient, func(err error) bool { return err != nil }, func() error { return send() }) // want `retry.OnError retries every error`
}

func onErrorNamedTrue() error {
	return k8sretry.OnError(patient, always, send) // want `retry.OnError retries every error`
}

func onErrorNamedNonNil() error {
	return k8sretry.OnError(patient, nonNil, send) // want `retry.OnError retries every error`
}

// GOOD: the predicates tell errors apart.
func onErrorConflict() error {
	return k8sretry.OnError(k8sretry.DefaultRetry, apierrors.IsConflict, send)
}

func onErrorIs() error {
	return k8sretry.OnError(k8sretry.DefaultRetry, func(err error) bool { return !errors.Is(err, ErrNotFound) }, send)
}

func onErrorTransient() error {
	return k8sretry.OnError(k8sretry.DefaultRetry, isRetryable, send)
}

// anyFailure's first return is false: the engine does not read which errors
// reach a return, so a predicate with one false return classifies.
func onErrorMixed() error {
	return k8sretry.OnError(k8sretry.DefaultRetry, anyFailure, send)
}

// A predicate out of reach (a variable, another package's function) may classify.
var retriableVar = isRetryable

func onErrorVar() error {
	return k8sretry.OnError(k8sretry.DefaultRetry, retriableVar, send)
}

// A wrapper that hands its caller's predicate to OnError, unchanged or
// through a literal that only forwards to it: each call chooses.
func onRetriable(fn func() error, retriable func(error) bool) error {
	return k8sretry.OnError(patient, func(err error) bool { return retriable(err) }, fn)
}

func onPredicate(fn func() error, retriable func(error) bool) error {
	return k8sretry.OnError(patient, retriable, fn)
}

func patchOnAnyError() error {
	return onRetriable(func() error { return send() }, func(err error) bool { return err != nil }) // want `retryall.onRetriable retries every error`
}

func patchOnAlways() error {
	return onPredicate(func() error { return send() }, always) // want `retryall.onPredicate retries every error`
}

// GOOD: these callers pass real classifiers.
func patchOnConflict() error {
	return onRetriable(func() error { return send() }, apierrors.IsConflict)
}

func patchOnTransient() error {
	return onPredicate(func() error { return send() }, isRetryable)
}

// The same through a wrapper of another package.
func patchViaPkgConflict() error {
	return k8sretrypred.OnRetriable(time.Minute, func() error { return send() }, apierrors.IsConflict)
}

func patchViaPkgAll() error {
	return k8sretrypred.OnRetriable(time.Minute, func() error { return send() }, always) // want `k8sretrypred.OnRetriable retries every error`
}

// A wrapper with a predicate of its own classifies for its callers.
func onConflict(fn func() error) error {
	return k8sretry.OnError(k8sretry.DefaultBackoff, apierrors.IsConflict, fn)
}

func patchOnOwnConflict() error {
	return onConflict(func() error { return send() })
}

// RetryOnConflict retries conflicts only.
func patchRetryOnConflict() error {
	return k8sretry.RetryOnConflict(k8sretry.DefaultRetry, send)
}

// A function that retries an operation of its own and hands its predicate
// parameter to the retry's classification: each call chooses, and a call
// passing a predicate that accepts every error retries every error.
func patchWith(retriable func(error) bool) error {
	return onRetriable(func() error { return send() }, retriable)
}

func patchDirect(retriable func(error) bool) error {
	return k8sretry.OnError(k8sretry.DefaultBackoff, func(err error) bool { return retriable(err) }, send)
}

func patchEverything() error {
	return patchWith(func(err error) bool { return err != nil }) // want `retryall.patchWith retries every error: the predicate this call passes accepts them all`
}

func patchEverythingDirect() error {
	return patchDirect(always) // want `retryall.patchDirect retries every error`
}

// GOOD: real classifiers; and a function that narrows the caller's predicate
// with a test of its own before handing it on.
func patchConflicts() error {
	return patchWith(apierrors.IsConflict)
}

func patchDirectTransient() error {
	return patchDirect(isRetryable)
}

func patchNarrowed(retriable func(error) bool) error {
	return k8sretry.OnError(k8sretry.DefaultBackoff, func(err error) bool { return !apierrors.IsInvalid(err) && retriable(err) }, send)
}

func patchNarrowedAll() error {
	return patchNarrowed(always)
}
