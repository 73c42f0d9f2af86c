package retryscopestale

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// gadgets is a typed client: its updates return the updated object.
type gadgets interface {
	Get(ctx context.Context, name string, opts metav1.GetOptions) (*gadget, error)
	Update(ctx context.Context, g *gadget, opts metav1.UpdateOptions) (*gadget, error)
	UpdateStatus(ctx context.Context, g *gadget, opts metav1.UpdateOptions) (*gadget, error)
}

// A whole-object merge patch of an object read before the retry: stale.
func resizeMerged(ctx context.Context, c client.Client, g *gadget) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		g.Size++
		return c.Patch(ctx, g, client.Merge) // want `stale Patch of g`
	})
}

// A patch computed from a base carries no resourceVersion: not stale.
func resizeMergedFrom(ctx context.Context, c client.Client, g *gadget) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		base := *g
		g.Size++
		return c.Patch(ctx, g, client.MergeFrom(&base))
	})
}

// Updated twice through a typed client: the second sends the first's
// resourceVersion.
func resizeTwice(ctx context.Context, gs gadgets, name string) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		g, err := gs.Get(ctx, name, metav1.GetOptions{})
		if err != nil {
			return err
		}
		g.Size++
		if _, err := gs.Update(ctx, g, metav1.UpdateOptions{}); err != nil {
			return err
		}
		_, err = gs.UpdateStatus(ctx, g, metav1.UpdateOptions{}) // want `stale UpdateStatus of g`
		return err
	})
}

// The second update's error dropped: the retry never sees it.
func resizeTwiceDropped(ctx context.Context, gs gadgets, name string) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		g, err := gs.Get(ctx, name, metav1.GetOptions{})
		if err != nil {
			return err
		}
		if _, err := gs.Update(ctx, g, metav1.UpdateOptions{}); err != nil {
			return err
		}
		_, _ = gs.UpdateStatus(ctx, g, metav1.UpdateOptions{})
		return nil
	})
}

// Read again between the two updates: not resent.
func resizeTwiceReread(ctx context.Context, gs gadgets, name string) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		g, err := gs.Get(ctx, name, metav1.GetOptions{})
		if err != nil {
			return err
		}
		if _, err := gs.Update(ctx, g, metav1.UpdateOptions{}); err != nil {
			return err
		}
		if g, err = gs.Get(ctx, name, metav1.GetOptions{}); err != nil {
			return err
		}
		_, err = gs.UpdateStatus(ctx, g, metav1.UpdateOptions{})
		return err
	})
}

// Its resourceVersion cleared before the retry: the update is unconditional.
func resizeUnversioned(ctx context.Context, c client.Client, key client.ObjectKey) error {
	g := &gadget{}
	if err := c.Get(ctx, key, g); err != nil {
		return err
	}
	g.SetResourceVersion("")
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		g.Size++
		return c.Update(ctx, g)
	})
}
