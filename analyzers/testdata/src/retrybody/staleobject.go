package retrybody

import (
	"context"
	"fmt"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// widget is an API object of the analysed code.
type widget struct {
	metav1.ObjectMeta
	Spec   string
	Status string
}

func (w *widget) DeepCopy() *widget { c := *w; return &c }

// widgets is a typed client of widgets.
type widgets interface {
	Get(ctx context.Context, name string, opts metav1.GetOptions) (*widget, error)
	Update(ctx context.Context, w *widget, opts metav1.UpdateOptions) (*widget, error)
	UpdateStatus(ctx context.Context, w *widget, opts metav1.UpdateOptions) (*widget, error)
}

// The object is read once; every attempt sends its first resourceVersion.
func labelStale(ctx context.Context, c client.Client, key client.ObjectKey) error {
	obj := &widget{}
	if err := c.Get(ctx, key, obj); err != nil {
		return err
	}
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		obj.Labels["owner"] = "me"
		return c.Update(ctx, obj) // want `Update sends obj read before the conflict retry: after a conflict every attempt sends the same stale resourceVersion and fails again; Get obj again at the start of each attempt, or Patch it`
	})
}

// The same, through a helper of the package that only annotates and updates.
func annotateStale(ctx context.Context, c client.Client, key client.ObjectKey) error {
	obj := &widget{}
	if err := c.Get(ctx, key, obj); err != nil {
		return err
	}
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		return apply(ctx, c, obj) // want `apply's Update sends obj read before the conflict retry`
	})
}

func apply(ctx context.Context, c client.Client, obj client.Object) error {
	ann := obj.(metav1.Object).GetAnnotations()
	if ann == nil {
		ann = map[string]string{}
	}
	ann["clean"] = "forced"
	obj.SetAnnotations(ann)
	return c.Update(ctx, obj)
}

// A parameter updated through the status writer, under OnError(IsConflict).
func statusStale(ctx context.Context, c client.Client, obj *widget) error {
	return retry.OnError(retry.DefaultBackoff, apierrors.IsConflict, func() error {
		obj.Status = "ready"
		if err := c.Status().Update(ctx, obj); err != nil { // want `Update sends obj read before the conflict retry`
			return fmt.Errorf("status: %w", err) // the Update is the attempt
		}
		return nil
	})
}

// A typed client, in a loop that goes round only on a conflict.
func typedStale(ctx context.Context, ws widgets, name string) error {
	w, err := ws.Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	for i := 0; i < 5; i++ {
		w.Spec = "v2"
		_, err = ws.UpdateStatus(ctx, w, metav1.UpdateOptions{}) // want `UpdateStatus sends w read before the conflict retry`
		if err == nil {
			return nil
		}
		if apierrors.IsConflict(err) {
			time.Sleep(time.Second)
			continue
		}
		return err
	}
	return err
}

// An OnError predicate that accepts a conflict among other errors.
func predicateStale(ctx context.Context, c client.Client, obj *widget) error {
	return retry.OnError(retry.DefaultBackoff, conflictOrTimeout, func() error {
		obj.Spec = "v2"
		return c.Update(ctx, obj) // want `Update sends obj read before the conflict retry`
	})
}

func conflictOrTimeout(err error) bool {
	return apierrors.IsServerTimeout(err) || apierrors.IsConflict(err)
}

// Look-alike: the callback reads the object again first.
func labelFresh(ctx context.Context, c client.Client, key client.ObjectKey) error {
	obj := &widget{}
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		if err := c.Get(ctx, key, obj); err != nil {
			return err
		}
		obj.Labels["owner"] = "me"
		return c.Update(ctx, obj)
	})
}

// Look-alike: the callback calls a helper that reads the object first.
func annotateFresh(ctx context.Context, c client.Client, key client.ObjectKey) error {
	obj := &widget{}
	if err := c.Get(ctx, key, obj); err != nil {
		return err
	}
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		return refreshAndApply(ctx, c, obj)
	})
}

func refreshAndApply(ctx context.Context, c client.Client, obj client.Object) error {
	if err := c.Get(ctx, client.ObjectKeyFromObject(obj), obj); err != nil {
		return err
	}
	obj.SetAnnotations(map[string]string{"clean": "forced"})
	return c.Update(ctx, obj)
}

// Look-alike: a merge patch carries no resourceVersion.
func labelPatch(ctx context.Context, c client.Client, obj *widget) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		base := obj.DeepCopy()
		obj.Labels["owner"] = "me"
		return c.Patch(ctx, obj, client.MergeFrom(base))
	})
}

// Look-alike: the object is built inside the attempt.
func createFresh(ctx context.Context, c client.Client, name string) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		obj := &widget{ObjectMeta: metav1.ObjectMeta{Name: name}}
		return c.Create(ctx, obj)
	})
}

// Look-alike: the typed client's Get result is assigned to the object in the
// attempt.
func typedFresh(ctx context.Context, ws widgets, name string) error {
	var w *widget
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		var err error
		if w, err = ws.Get(ctx, name, metav1.GetOptions{}); err != nil {
			return err
		}
		w.Spec = "v2"
		_, err = ws.Update(ctx, w, metav1.UpdateOptions{})
		return err
	})
}

// Look-alike: an object built from a literal and never read carries no
// resourceVersion; its update is unconditional.
func builtOutside(ctx context.Context, ws widgets, name string) error {
	w := &widget{ObjectMeta: metav1.ObjectMeta{Name: name}}
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		w.Spec = "v2"
		_, err := ws.Update(ctx, w, metav1.UpdateOptions{})
		return err
	})
}

// Look-alike: the retry goes round on timeouts only, never on a conflict.
func timeoutOnly(ctx context.Context, c client.Client, obj *widget) error {
	return retry.OnError(retry.DefaultBackoff, apierrors.IsServerTimeout, func() error {
		obj.Spec = "v2"
		return c.Update(ctx, obj)
	})
}

// Look-alike: the callback drops the update's error.
func errorDropped(ctx context.Context, c client.Client, obj *widget) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		obj.Spec = "v2"
		_ = c.Update(ctx, obj)
		return nil
	})
}

// Look-alike: a loop that reads the object again before it goes round.
func loopRefetch(ctx context.Context, c client.Client, key client.ObjectKey, obj *widget) error {
	var err error
	for i := 0; i < 5; i++ {
		obj.Spec = "v2"
		if err = c.Update(ctx, obj); err == nil {
			return nil
		}
		if !apierrors.IsConflict(err) {
			return err
		}
		if err := c.Get(ctx, key, obj); err != nil {
			return err
		}
	}
	return err
}

// A loop that retries every error goes round on a conflict too.
func retryAllStale(ctx context.Context, c client.Client, obj *widget) error {
	var err error
	for i := 0; i < 5; i++ {
		obj.Spec = "v2"
		if err = c.Update(ctx, obj); err == nil { // want `Update sends obj read before the retry: after a conflict`
			return nil
		}
		time.Sleep(time.Duration(i+1) * time.Second)
	}
	return err
}

// Look-alike: a wait.ExponentialBackoff condition that returns the update's
// error stops the retrying on it.
func backoffStops(ctx context.Context, c client.Client, obj *widget) error {
	return wait.ExponentialBackoff(retry.DefaultBackoff, func() (bool, error) {
		obj.Spec = "v2"
		if err := c.Update(ctx, obj); err != nil {
			return false, err
		}
		return true, nil
	})
}

// Look-alike: the attempt replaces the object's metadata from a fresh read.
func metaReplaced(ctx context.Context, c client.Client, key client.ObjectKey, obj *widget) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		fresh := &widget{}
		if err := c.Get(ctx, key, fresh); err != nil {
			return err
		}
		obj.ObjectMeta = fresh.ObjectMeta
		return c.Update(ctx, obj)
	})
}

// Look-alike: the attempt reads the object again through an alias.
func readThroughAlias(ctx context.Context, c client.Client, key client.ObjectKey, obj *widget) error {
	same := obj
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		if err := c.Get(ctx, key, same); err != nil {
			return err
		}
		obj.Spec = "v2"
		return c.Update(ctx, obj)
	})
}

// Look-alike: the attempt reads the object again through a literal that
// assigns it.
func readThroughClosure(ctx context.Context, ws widgets, name string, w *widget) error {
	reload := func() (err error) {
		w, err = ws.Get(ctx, name, metav1.GetOptions{})
		return err
	}
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		if err := reload(); err != nil {
			return err
		}
		w.Spec = "v2"
		_, err := ws.Update(ctx, w, metav1.UpdateOptions{})
		return err
	})
}
