// Package conflictreread is a shared fixture: the rules it names judge the
// same code, and each line says which of them report it (analyzers'
// TestSharedFixtures).
//
// rules: fixedsleep
package conflictreread

import (
	"context"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// A conflict restart whose attempt is a function of the package that reads
// the object and writes back what it read (Get, change, Update on the same
// client) restarts on fresh state, as one whose round reads it: going round
// at once on a conflict is the pattern. A function that updates the object
// it is handed, read before the loop, sends the same stale version every
// round: a retry.

type gadget struct {
	metav1.ObjectMeta
	Image string
}

type gadgets interface {
	Get(ctx context.Context, name string, opts metav1.GetOptions) (*gadget, error)
	Update(ctx context.Context, g *gadget, opts metav1.UpdateOptions) (*gadget, error)
}

func withImage(g *gadget, image string) (*gadget, error) {
	c := *g
	c.Image = image
	return &c, nil
}

// setImage reads the object and updates what it read.
func setImage(ctx context.Context, api gadgets, name, image string) (*gadget, error) {
	cur, err := api.Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return nil, err
	}
	next, err := withImage(cur, image)
	if err != nil {
		return nil, err
	}
	return api.Update(ctx, next, metav1.UpdateOptions{})
}

// save updates the object it is handed.
func save(ctx context.Context, api gadgets, g *gadget, image string) (*gadget, error) {
	g.Image = image
	return api.Update(ctx, g, metav1.UpdateOptions{})
}

// saveAfterLook reads the object but updates the one it is handed.
func saveAfterLook(ctx context.Context, api gadgets, g *gadget) (*gadget, error) {
	if _, err := api.Get(ctx, g.Name, metav1.GetOptions{}); err != nil {
		return nil, err
	}
	return api.Update(ctx, g, metav1.UpdateOptions{})
}

// Quiet: each attempt reads the object anew.
func set(ctx context.Context, api gadgets, name, image string) (*gadget, error) {
	var g *gadget
	var err error
	for i := 0; i < 10; i++ {
		g, err = setImage(ctx, api, name, image)
		if err != nil {
			if apierrors.IsConflict(err) {
				continue
			}
			return nil, err
		}
		break
	}
	return g, err
}

// Look-alike: every attempt updates the object read before the loop.
func setStale(ctx context.Context, api gadgets, g *gadget, image string) error {
	for i := 0; i < 10; i++ { // reports: fixedsleep
		_, err := save(ctx, api, g, image)
		if err == nil {
			return nil
		}
		if !apierrors.IsConflict(err) {
			return err
		}
	}
	return nil
}

// Look-alike: the attempt reads, but writes the stale object it was handed.
func setAfterLook(ctx context.Context, api gadgets, g *gadget) error {
	for i := 0; i < 10; i++ { // reports: fixedsleep
		_, err := saveAfterLook(ctx, api, g)
		if err == nil {
			return nil
		}
		if !apierrors.IsConflict(err) {
			return err
		}
	}
	return nil
}

// Look-alike: the attempt reads anew, but every error goes round.
func setAny(ctx context.Context, api gadgets, name, image string) error {
	for i := 0; i < 10; i++ { // reports: fixedsleep
		if _, err := setImage(ctx, api, name, image); err == nil {
			return nil
		}
	}
	return nil
}

// setImageChecked reads the object, changes it, and hands back the update's
// error after checking it, with no write in a return of its own.
func setImageChecked(ctx context.Context, api gadgets, name, image string) error {
	cur, err := api.Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	cur.Image = image
	if _, err = api.Update(ctx, cur, metav1.UpdateOptions{}); err != nil {
		return err
	}
	return nil
}

// saveChecked updates the object it is handed, the same way.
func saveChecked(ctx context.Context, api gadgets, g *gadget) error {
	if _, err := api.Update(ctx, g, metav1.UpdateOptions{}); err != nil {
		return err
	}
	return nil
}

// Quiet: each attempt reads the object anew inside the function.
func setChecked(ctx context.Context, api gadgets, name, image string) error {
	for i := 0; i < 10; i++ {
		err := setImageChecked(ctx, api, name, image)
		if err == nil {
			return nil
		}
		if !apierrors.IsConflict(err) {
			return err
		}
	}
	return nil
}

// Look-alike: the function writes the stale object read before the loop.
func setStaleChecked(ctx context.Context, api gadgets, g *gadget) error {
	for i := 0; i < 10; i++ { // reports: fixedsleep
		err := saveChecked(ctx, api, g)
		if err == nil {
			return nil
		}
		if !apierrors.IsConflict(err) {
			return err
		}
	}
	return nil
}
