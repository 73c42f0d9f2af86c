// Package casbound is a shared fixture: the rules it names judge the same
// code, and each line says which of them report it (analyzers'
// TestSharedFixtures).
//
// rules: fixedsleep unboundedretry
package casbound

import (
	"context"
	"errors"
	"net/http"
)

// A compare-and-swap restart reads the object's version at the start of each
// round, leaving on a failed read, writes on the condition that the version
// did not change, and goes round only when the write answers that it did: a
// predicate named for the conflict or the failed precondition says so, even
// when its body is more than one test. Another writer made progress, so the
// next round at once is the pattern, and the contention of the writers
// bounds it. Writing the version read once, before the loop, again and
// again, or going round on every error, is a retry.

type blobStore interface {
	Version(ctx context.Context, bucket, name string) (int64, error)
	PutIfVersion(ctx context.Context, bucket, name string, data []byte, version int64) error
}

type apiError struct {
	Code    int
	Reasons []string
}

func (e *apiError) Error() string { return "api error" }

// isConditionNotMet reads the store's answer to a failed precondition.
func isConditionNotMet(err error) bool {
	var e *apiError
	if errors.As(err, &e) && e.Code == http.StatusPreconditionFailed {
		for _, r := range e.Reasons {
			if r == "conditionNotMet" {
				return true
			}
		}
	}
	return false
}

var errVersionMismatch = errors.New("version mismatch")

func publish(ctx context.Context, s blobStore, bucket, name string, render func() []byte) error {
	for {
		v, err := s.Version(ctx, bucket, name)
		if err != nil {
			return err
		}
		if err := s.PutIfVersion(ctx, bucket, name, render(), v); err != nil {
			if isConditionNotMet(err) {
				continue
			}
			return err
		}
		return nil
	}
}

func publishSentinel(ctx context.Context, s blobStore, bucket, name string, data []byte) error {
	for {
		v, err := s.Version(ctx, bucket, name)
		if err != nil {
			return err
		}
		err = s.PutIfVersion(ctx, bucket, name, data, v)
		if errors.Is(err, errVersionMismatch) {
			continue
		}
		return err
	}
}

// ---- look-alikes: retries ----

// The version is read once: the same stale write goes round.
// The attempt, out of the package, is handed the caller's ctx and fails
// with its error once ctx ends, which leaves: that is the loop's deadline,
// so unboundedretry is quiet (retryscope loop_ctxends.go).
func publishStale(ctx context.Context, s blobStore, bucket, name string, data []byte) error {
	v, err := s.Version(ctx, bucket, name)
	if err != nil {
		return err
	}
	for { // reports: fixedsleep
		if err := s.PutIfVersion(ctx, bucket, name, data, v); err != nil {
			if isConditionNotMet(err) {
				continue
			}
			return err
		}
		return nil
	}
}

// Every failure of the write goes round, the conflict among others.
func publishAny(ctx context.Context, s blobStore, bucket, name string, data []byte) error {
	for { // reports: fixedsleep unboundedretry
		v, err := s.Version(ctx, bucket, name)
		if err != nil {
			return err
		}
		if err := s.PutIfVersion(ctx, bucket, name, data, v); err != nil {
			continue
		}
		return nil
	}
}

// A predicate named for something else: the failure it admits is no conflict.
func isRetryable(err error) bool {
	var e *apiError
	if errors.As(err, &e) && e.Code >= 500 {
		return true
	}
	return false
}

func publishRetryable(ctx context.Context, s blobStore, bucket, name string, data []byte) error {
	for { // reports: fixedsleep unboundedretry
		v, err := s.Version(ctx, bucket, name)
		if err != nil {
			return err
		}
		if err := s.PutIfVersion(ctx, bucket, name, data, v); err != nil {
			if isRetryable(err) {
				continue
			}
			return err
		}
		return nil
	}
}

// ---- the state read anew on the way back ----

type doc struct {
	Version int64
	Labels  map[string]string
}

type docStore interface {
	Get(name string) (*doc, error)
	Update(d *doc) error
}

var errDocConflict = errors.New("conflict")

func isDocConflict(err error) bool { return errors.Is(err, errDocConflict) }

// A restart that reads the object again on the way back to its write, as a
// goto written after the write does, writes fresh state each round: it is a
// compare-and-swap restart as much as one that reads at the top.
func relabel(s docStore, name string, edit func(*doc)) error {
	d, err := s.Get(name)
	if err != nil {
		return err
	}
	edit(d)
update:
	err = s.Update(d)
	if err != nil && isDocConflict(err) {
		stored, err := s.Get(name)
		if err != nil {
			return err
		}
		d = stored
		edit(d)
		goto update
	}
	return err
}

func relabelLoop(s docStore, name string, edit func(*doc)) error {
	d, err := s.Get(name)
	if err != nil {
		return err
	}
	for {
		edit(d)
		err := s.Update(d)
		if !isDocConflict(err) {
			return err
		}
		if d, err = s.Get(name); err != nil {
			return err
		}
	}
}

// Look-alike: what is read on the way back is not what the write sends.
func relabelStale(s docStore, name string, edit func(*doc)) error {
	d, err := s.Get(name)
	if err != nil {
		return err
	}
	edit(d)
	var last *doc
update: // reports: unboundedretry
	err = s.Update(d)
	if err != nil && isDocConflict(err) {
		if last, err = s.Get(name); err != nil {
			return err
		}
		_ = last
		goto update
	}
	return err
}

// ---- the conflict told by a type assertion ----

// updateConflict is the store's answer to a write whose revision moved on.
type updateConflict struct{ Key string }

func (e updateConflict) Error() string { return "update conflict: " + e.Key }

// overQuota is the store's answer to a client over its write quota.
type overQuota struct{ Key string }

func (e overQuota) Error() string { return "over quota: " + e.Key }

type revStore interface {
	Get(name string) (*doc, error)
	Update(d *doc) error
}

// A compare-and-swap whose conflict test is `_, ok := err.(T); ok`, with T
// named for the conflict, is the same restart.
func relabelAsserted(s revStore, name, label string) error {
	for i := 0; i < 100; i++ {
		d, err := s.Get(name)
		if err != nil {
			return err
		}
		d.Labels[label] = "on"
		if err := s.Update(d); err != nil {
			if _, ok := err.(updateConflict); ok {
				continue
			}
			return err
		}
		return nil
	}
	return errDocConflict
}

// Look-alike: the asserted type is no conflict.
func relabelAssertedOther(s revStore, name, label string) error {
	for i := 0; i < 100; i++ { // reports: fixedsleep
		d, err := s.Get(name)
		if err != nil {
			return err
		}
		d.Labels[label] = "on"
		if err := s.Update(d); err != nil {
			if _, ok := err.(overQuota); ok {
				continue
			}
			return err
		}
		return nil
	}
	return errDocConflict
}
