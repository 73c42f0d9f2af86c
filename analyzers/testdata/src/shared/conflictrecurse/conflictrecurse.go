// Package conflictrecurse is a shared fixture: the rules it names judge the
// same code, and each line says which of them report it (analyzers'
// TestSharedFixtures).
//
// rules: unboundedretry sleepnoctx
package conflictrecurse

import (
	"context"
	"errors"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// An optimistic-concurrency retry goes round only when its write answers
// that another writer got there first, and reads the state anew for each
// attempt: it ends as soon as nobody else writes, and every extra round
// means another writer made progress. A function that calls itself on such
// a conflict is that retry as much as a loop is: it has a bound (the
// contention), and a short pause in it holds nobody up. One that also goes
// round on another error, or writes the state it was handed without reading
// it again, is a retry with no bound.

type widget struct {
	metav1.ObjectMeta
	Labels map[string]string
}

type widgets interface {
	Get(ctx context.Context, name string, opts metav1.GetOptions) (*widget, error)
	Update(ctx context.Context, w *widget, opts metav1.UpdateOptions) (*widget, error)
}

// Quiet: goes round only on a conflict, and each call reads the object anew.
func markDone(ctx context.Context, api widgets, name string) error {
	w, err := api.Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	if w.Labels["done"] == "true" {
		return nil
	}
	w.Labels["done"] = "true"
	if _, err := api.Update(ctx, w, metav1.UpdateOptions{}); err != nil {
		if apierrors.IsConflict(err) {
			return markDone(ctx, api, name)
		}
		return err
	}
	return nil
}

// Quiet: the same, with a short pause before the next call.
func markDonePaused(ctx context.Context, api widgets, name string) error {
	w, err := api.Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	w.Labels["done"] = "true"
	_, err = api.Update(ctx, w, metav1.UpdateOptions{})
	if err != nil {
		if apierrors.IsConflict(err) {
			time.Sleep(time.Second)
			return markDonePaused(ctx, api, name)
		}
		return err
	}
	return nil
}

// Quiet: a loop that goes round only on a conflict, re-reading each round,
// with a short pause.
func markDoneLoop(ctx context.Context, api widgets, name string) error {
	for {
		w, err := api.Get(ctx, name, metav1.GetOptions{})
		if err != nil {
			return err
		}
		w.Labels["done"] = "true"
		_, err = api.Update(ctx, w, metav1.UpdateOptions{})
		if err != nil && apierrors.IsConflict(err) {
			time.Sleep(time.Second)
			continue
		}
		return err
	}
}

var errVersionConflict = errors.New("version conflict")

type versionedStore struct{ api widgets }

// put writes the record when its version is still the one read; it answers
// errVersionConflict otherwise.
func (s *versionedStore) put(ctx context.Context, w *widget) error {
	if _, err := s.api.Update(ctx, w, metav1.UpdateOptions{}); err != nil {
		if apierrors.IsConflict(err) {
			return errVersionConflict
		}
		return err
	}
	return nil
}

// Quiet: a conflict sentinel of the code's own store, the record read anew.
func (s *versionedStore) label(ctx context.Context, name, key string) error {
	w, err := s.api.Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	w.Labels[key] = "true"
	if err := s.put(ctx, w); err != nil {
		if errors.Is(err, errVersionConflict) {
			time.Sleep(time.Second)
			return s.label(ctx, name, key)
		}
		return err
	}
	return nil
}

// Goes round on every error of the update: no bound.
func markDoneAnyError(ctx context.Context, api widgets, name string) error {
	w, err := api.Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	w.Labels["done"] = "true"
	if _, err := api.Update(ctx, w, metav1.UpdateOptions{}); err != nil {
		time.Sleep(time.Second)
		return markDoneAnyError(ctx, api, name) // reports: unboundedretry sleepnoctx
	}
	return nil
}

// Goes round on a conflict or a timeout: a server that keeps timing out
// keeps it going.
func markDoneConflictOrTimeout(ctx context.Context, api widgets, name string) error {
	w, err := api.Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	w.Labels["done"] = "true"
	if _, err := api.Update(ctx, w, metav1.UpdateOptions{}); err != nil {
		if apierrors.IsConflict(err) || apierrors.IsTimeout(err) {
			time.Sleep(time.Second)
			return markDoneConflictOrTimeout(ctx, api, name) // reports: unboundedretry sleepnoctx
		}
		return err
	}
	return nil
}

// Writes the object it was handed, read once by its caller: each call sends
// the same stale version, so a conflict comes back every time.
func saveHanded(ctx context.Context, api widgets, w *widget) error {
	w.Labels["done"] = "true"
	if _, err := api.Update(ctx, w, metav1.UpdateOptions{}); err != nil {
		if apierrors.IsConflict(err) {
			time.Sleep(time.Second)
			return saveHanded(ctx, api, w) // reports: unboundedretry sleepnoctx
		}
		return err
	}
	return nil
}

// A conflict-only loop that writes the object read before the loop: each
// round sends the same stale version.
// The attempt, out of the package, is handed the caller's ctx and fails
// with its error once ctx ends, which leaves: that is the loop's deadline,
// so unboundedretry is quiet (retryscope loop_ctxends.go).
func saveStaleLoop(ctx context.Context, api widgets, name string) error {
	w, err := api.Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	w.Labels["done"] = "true"
	for { // reports: sleepnoctx
		_, err = api.Update(ctx, w, metav1.UpdateOptions{})
		if err != nil && apierrors.IsConflict(err) {
			time.Sleep(time.Second)
			continue
		}
		return err
	}
}

// Goes round only on a conflict, but pauses half a minute first: a caller
// that gave up waits that long for nothing.
func markDoneLongPause(ctx context.Context, api widgets, name string) error {
	w, err := api.Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	w.Labels["done"] = "true"
	if _, err := api.Update(ctx, w, metav1.UpdateOptions{}); err != nil {
		if apierrors.IsConflict(err) {
			time.Sleep(30 * time.Second)
			return markDoneLongPause(ctx, api, name) // reports: sleepnoctx
		}
		return err
	}
	return nil
}
