package retrybody

import (
	"context"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// A typed client's Update returns the updated object and leaves its argument
// as it was: the status update sends the resourceVersion from before it.
func syncBoth(ctx context.Context, ws widgets, name string, want *widget) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		cur, err := ws.Get(ctx, name, metav1.GetOptions{})
		if err != nil {
			return err
		}
		cur.Spec, cur.Status = want.Spec, want.Status
		_, err = ws.Update(ctx, cur, metav1.UpdateOptions{})
		if err != nil {
			return err
		}
		_, err = ws.UpdateStatus(ctx, cur, metav1.UpdateOptions{}) // want `UpdateStatus sends cur as it was before the Update at line 22, which returns the updated object and leaves cur unchanged: when that Update changes the object, UpdateStatus sends the old resourceVersion and conflicts, and the conflict retry starts over; send the object the Update returned instead`
		return err
	})
}

// The same in a loop that goes round on a conflict, the first update tested
// in an if.
func syncBothLoop(ctx context.Context, ws widgets, name string) error {
	var err error
	for i := 0; i < 5; i++ {
		var cur *widget
		if cur, err = ws.Get(ctx, name, metav1.GetOptions{}); err != nil {
			return err
		}
		cur.Status = "ready"
		if _, err = ws.UpdateStatus(ctx, cur, metav1.UpdateOptions{}); err == nil {
			cur.Spec = "v2"
			_, err = ws.Update(ctx, cur, metav1.UpdateOptions{}) // want `Update sends cur as it was before the UpdateStatus at line`
		}
		if err == nil || !apierrors.IsConflict(err) {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}

// Look-alike: the status update sends the object the first update returned.
func syncBothReturned(ctx context.Context, ws widgets, name string) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		cur, err := ws.Get(ctx, name, metav1.GetOptions{})
		if err != nil {
			return err
		}
		cur.Spec = "v2"
		updated, err := ws.Update(ctx, cur, metav1.UpdateOptions{})
		if err != nil {
			return err
		}
		updated.Status = "ready"
		_, err = ws.UpdateStatus(ctx, updated, metav1.UpdateOptions{})
		return err
	})
}

// Look-alike: the returned object is assigned back to the variable.
func syncBothReassigned(ctx context.Context, ws widgets, name string) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		cur, err := ws.Get(ctx, name, metav1.GetOptions{})
		if err != nil {
			return err
		}
		cur.Spec = "v2"
		if cur, err = ws.Update(ctx, cur, metav1.UpdateOptions{}); err != nil {
			return err
		}
		cur.Status = "ready"
		_, err = ws.UpdateStatus(ctx, cur, metav1.UpdateOptions{})
		return err
	})
}

// Look-alike: the new resourceVersion is copied into the object.
func syncBothVersioned(ctx context.Context, ws widgets, name string) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		cur, err := ws.Get(ctx, name, metav1.GetOptions{})
		if err != nil {
			return err
		}
		out, err := ws.Update(ctx, cur, metav1.UpdateOptions{})
		if err != nil {
			return err
		}
		cur.ResourceVersion = out.ResourceVersion
		_, err = ws.UpdateStatus(ctx, cur, metav1.UpdateOptions{})
		return err
	})
}

// Look-alike: controller-runtime's Update decodes the answer into its
// argument, so the status update sends the new resourceVersion.
func syncBothInPlace(ctx context.Context, c client.Client, key client.ObjectKey) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		obj := &widget{}
		if err := c.Get(ctx, key, obj); err != nil {
			return err
		}
		obj.Spec = "v2"
		if err := c.Update(ctx, obj); err != nil {
			return err
		}
		obj.Status = "ready"
		return c.Status().Update(ctx, obj)
	})
}

// Look-alike: the two updates are on different branches; one attempt sends
// only one of them.
func syncOne(ctx context.Context, ws widgets, name string, status bool) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		cur, err := ws.Get(ctx, name, metav1.GetOptions{})
		if err != nil {
			return err
		}
		if status {
			_, err = ws.UpdateStatus(ctx, cur, metav1.UpdateOptions{})
		} else {
			_, err = ws.Update(ctx, cur, metav1.UpdateOptions{})
		}
		return err
	})
}
