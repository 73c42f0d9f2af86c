// Package fieldname is a shared fixture: the rules it names judge the same
// code, and each line says which of them report it (analyzers'
// TestSharedFixtures).
//
// rules: fixedsleep unboundedretry
package fieldname

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
)

// A loop that, on a name collision, sets the object's name field from its
// counter creates another object each round: a search for a free name, not a
// retry of the same create. Setting the field to the same text each round, a
// number field (an attempt number), or the field of an object the create does
// not take, leaves the same create.

var errExists = errors.New("already exists")

type object struct {
	Name    string
	Attempt int
}

type api struct{ c *http.Client }

func (a *api) create(ctx context.Context, o *object) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example/objects", strings.NewReader(o.Name))
	if err != nil {
		return err
	}
	resp, err := a.c.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusConflict {
		return errExists
	}
	return nil
}

func (a *api) createFree(ctx context.Context, o *object) error {
	base := o.Name
	n := 1
	for {
		err := a.create(ctx, o)
		if !errors.Is(err, errExists) {
			return err
		}
		o.Name = fmt.Sprintf("%s-%d", base, n)
		n++
	}
}

func (a *api) createFreeValue(ctx context.Context, o object) error {
	base := o.Name
	for n := 1; ; n++ {
		err := a.create(ctx, &o)
		if !errors.Is(err, errExists) {
			return err
		}
		o.Name = base + "." + fmt.Sprint(n)
	}
}

// The same name every round.
func (a *api) createSame(ctx context.Context, o *object) error {
	base := o.Name
	for { // reports: fixedsleep unboundedretry
		err := a.create(ctx, o)
		if !errors.Is(err, errExists) {
			return err
		}
		o.Name = base
	}
}

// An attempt number in a field: the same create, counted.
func (a *api) createCounted(ctx context.Context, o *object) error {
	for n := 1; ; n++ { // reports: fixedsleep unboundedretry
		err := a.create(ctx, o)
		if !errors.Is(err, errExists) {
			return err
		}
		o.Attempt = n
	}
}

// The name changes on an object the create does not take.
func (a *api) createOther(ctx context.Context, o, log *object) error {
	for n := 1; ; n++ { // reports: fixedsleep unboundedretry
		err := a.create(ctx, o)
		if !errors.Is(err, errExists) {
			return err
		}
		log.Name = fmt.Sprintf("try-%d", n)
	}
}
