package retrybody

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// client.Merge patches with the whole object, its resourceVersion included:
// the object read before the retry conflicts on every attempt.
func pauseMerged(ctx context.Context, c client.Client, obj *widget) error {
	obj.Status = "paused"
	return retry.RetryOnConflict(retry.DefaultBackoff, func() error {
		return c.Status().Patch(ctx, obj, client.Merge) // want `Patch sends obj read before the conflict retry: after a conflict every attempt sends the same stale resourceVersion and fails again; Get obj again at the start of each attempt, or Patch it with client.MergeFrom\(base\) instead of client.Merge`
	})
}

// The same, through a function of the package.
func pauseMergedVia(ctx context.Context, c client.Client, key client.ObjectKey) error {
	obj := &widget{}
	if err := c.Get(ctx, key, obj); err != nil {
		return err
	}
	return retry.RetryOnConflict(retry.DefaultBackoff, func() error {
		return mergeSpec(ctx, c, obj) // want `mergeSpec's Patch sends obj read before the conflict retry`
	})
}

func mergeSpec(ctx context.Context, c client.Client, obj *widget) error {
	obj.Spec = "v3"
	return c.Patch(ctx, obj, client.Merge)
}

// Look-alike: server-side apply is not read as an update.
func pauseApplied(ctx context.Context, c client.Client, obj *widget) error {
	return retry.RetryOnConflict(retry.DefaultBackoff, func() error {
		obj.Status = "paused"
		return c.Status().Patch(ctx, obj, client.Apply)
	})
}

// Look-alike: the object is read again at the start of each attempt.
func pauseMergedFresh(ctx context.Context, c client.Client, key client.ObjectKey) error {
	obj := &widget{}
	return retry.RetryOnConflict(retry.DefaultBackoff, func() error {
		if err := c.Get(ctx, key, obj); err != nil {
			return err
		}
		obj.Status = "paused"
		return c.Status().Patch(ctx, obj, client.Merge)
	})
}

// Look-alike: an object built from a literal and never read has no
// resourceVersion to send.
func pauseMergedBuilt(ctx context.Context, c client.Client, name string) error {
	obj := &widget{ObjectMeta: metav1.ObjectMeta{Name: name}, Status: "paused"}
	return retry.RetryOnConflict(retry.DefaultBackoff, func() error {
		return c.Status().Patch(ctx, obj, client.Merge)
	})
}

// Look-alike: the resourceVersion is cleared before the retry, so the merge
// patch carries none and is unconditional.
func pauseMergedUnversioned(ctx context.Context, c client.Client, obj *widget) error {
	obj.ResourceVersion = ""
	return retry.RetryOnConflict(retry.DefaultBackoff, func() error {
		obj.Status = "paused"
		return c.Status().Patch(ctx, obj, client.Merge)
	})
}

// Labels set through the metadata before the retry leave the resourceVersion
// as it was read.
func pauseMergedLabelled(ctx context.Context, c client.Client, obj *widget) error {
	obj.ObjectMeta.Labels = map[string]string{"paused": "true"}
	return retry.RetryOnConflict(retry.DefaultBackoff, func() error {
		return c.Patch(ctx, obj, client.Merge) // want `Patch sends obj read before the conflict retry`
	})
}
