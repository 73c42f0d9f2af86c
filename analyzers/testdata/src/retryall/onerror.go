package retryall

import (
	"context"
	"errors"
	"os/exec"
	"time"

	"example.com/k8sretrypred"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/util/wait"
	k8sretry "k8s.io/client-go/util/retry"
)

// client-go's retry.OnError retries what its predicate accepts: a predicate
// that accepts every error classifies nothing.

func always(error) bool { return true }

func anyFailure(err error) bool {
	if err == nil {
		return false // never asked: OnError asks about failures only
	}
	return true
}

func nonNil(err error) bool { return err != nil }

func onErrorAlwaysTrue() error {
	return k8sretry.OnError(k8sretry.DefaultBackoff, func(error) bool { return true }, send) // want `retry.OnError retries every error the callback returns: give retry.OnError a predicate`
}

func onErrorNotNil() error {
	return k8sretry.OnError(k8sretry.DefaultBackoff, func(err error) bool { return err != nil }, func() error { return send() }) // want `retry.OnError retries every error`
}

func onErrorNamedTrue() error {
	return k8sretry.OnError(k8sretry.DefaultRetry, always, send) // want `retry.OnError retries every error`
}

func onErrorNamedNonNil() error {
	return k8sretry.OnError(k8sretry.DefaultRetry, nonNil, send) // want `retry.OnError retries every error`
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
	return k8sretry.OnError(k8sretry.DefaultBackoff, func(err error) bool { return retriable(err) }, fn)
}

func onPredicate(fn func() error, retriable func(error) bool) error {
	return k8sretry.OnError(k8sretry.DefaultBackoff, retriable, fn)
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

// A local process retried on every error (the user's own retry strategy
// around the user's command): nothing remote refuses, so nothing to claim.
func runUserCommand(ctx context.Context, b wait.Backoff, name string) error {
	return k8sretry.OnError(b, func(error) bool { return true }, func() error {
		return exec.CommandContext(ctx, name).Run()
	})
}
