package retryscopestale

import (
	"context"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type gadget struct {
	metav1.ObjectMeta
	Size int
}

// Read once before the retry, updated in every attempt: stale.
func resizeStale(ctx context.Context, c client.Client, key client.ObjectKey) error {
	g := &gadget{}
	if err := c.Get(ctx, key, g); err != nil {
		return err
	}
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		g.Size++
		return c.Update(ctx, g) // want `stale Update of g`
	})
}

// Through a function of the package that updates its parameter: stale.
func resizeThroughHelper(ctx context.Context, c client.Client, key client.ObjectKey) error {
	g := &gadget{}
	if err := c.Get(ctx, key, g); err != nil {
		return err
	}
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		return grow(ctx, c, g) // want `stale grow's Update of g`
	})
}

func grow(ctx context.Context, c client.Client, g *gadget) error {
	g.Size++
	return c.Update(ctx, g)
}

// Read again at the start of each attempt: not stale.
func resizeFresh(ctx context.Context, c client.Client, key client.ObjectKey) error {
	g := &gadget{}
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		if err := c.Get(ctx, key, g); err != nil {
			return err
		}
		g.Size++
		return c.Update(ctx, g)
	})
}

// Its resourceVersion set in the attempt: not stale as far as the engine can tell.
func resizeVersioned(ctx context.Context, c client.Client, key client.ObjectKey, version string) error {
	g := &gadget{}
	if err := c.Get(ctx, key, g); err != nil {
		return err
	}
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		g.ResourceVersion = version
		return c.Update(ctx, g)
	})
}

// Built from a literal and never read: its update is unconditional.
func resizeBuilt(ctx context.Context, c client.Client) error {
	g := &gadget{Size: 3}
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		return c.Update(ctx, g)
	})
}

// A retry that does not go round on a conflict.
func resizeOnNotFound(ctx context.Context, c client.Client, key client.ObjectKey) error {
	g := &gadget{}
	if err := c.Get(ctx, key, g); err != nil {
		return err
	}
	return retry.OnError(retry.DefaultBackoff, apierrors.IsNotFound, func() error {
		g.Size++
		return c.Update(ctx, g)
	})
}
