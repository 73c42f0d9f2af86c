package stoptype

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"retryall/stoptype/util"
)

// A wrapper that stops early only on its own error type classifies nothing
// for a caller whose callback can never return that type.

type store struct{ base string }

func (s *store) create(ctx context.Context, name string) error {
	if err := s.put(ctx, name); err != nil {
		return fmt.Errorf("create %s: %w", name, err)
	}
	return s.label(ctx, name)
}

func (s *store) put(ctx context.Context, name string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, s.base+"/"+name, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return statusError(resp.StatusCode)
	}
	return nil
}

func (s *store) label(ctx context.Context, name string) error {
	var err error
	if name == "" {
		err = errors.New("no name")
	}
	return err
}

type statusError int

func (e statusError) Error() string { return fmt.Sprintf("status %d", int(e)) }

// BAD: no path of create returns a util.Permanent, so a 403 is retried too.
func createBucket(ctx context.Context, s *store, name string) error {
	return util.Do(ctx, 20, 10*time.Second, func(ctx context.Context) error { // want `util.Do retries every error the callback returns`
		return s.create(ctx, name)
	})
}

// BAD: the callback's own errors are plain ones too.
func putTwice(ctx context.Context, s *store) error {
	return util.Do(ctx, 20, time.Second, func(ctx context.Context) error { // want `util.Do retries every error the callback returns`
		if err := s.put(ctx, "a"); err != nil {
			return err
		}
		return s.put(ctx, "b")
	})
}

// GOOD: permanent failures are wrapped in the stop type.
func createClassified(ctx context.Context, s *store, name string) error {
	return util.Do(ctx, 4, 10*time.Second, func(ctx context.Context) error {
		err := s.create(ctx, name)
		var st statusError
		if errors.As(err, &st) && st < 500 {
			return util.Permanent{Err: err}
		}
		return err
	})
}

// GOOD: a function of the package that builds the stop type, two calls down.
func createDeep(ctx context.Context, s *store) error {
	return util.Do(ctx, 4, time.Second, func(ctx context.Context) error {
		return s.guarded(ctx)
	})
}

func (s *store) guarded(ctx context.Context) error { return s.check(ctx, s.put(ctx, "x")) }

func (s *store) check(_ context.Context, err error) error {
	if errors.Is(err, context.Canceled) {
		return &permanentOf{err}
	}
	return err
}

type permanentOf struct{ err error }

func (p *permanentOf) Error() string { return p.err.Error() }

// Unwrap hands on the error: a type that wraps may wrap the stop type.
func (p *permanentOf) Unwrap() error { return util.Permanent{Err: p.err} }

// GOOD (out of reach): another package of the module may build the type.
func fetchOther(ctx context.Context) error {
	return util.Do(ctx, 3, time.Second, func(ctx context.Context) error {
		return util.Fetch(ctx, "http://example.com/x")
	})
}

// GOOD (out of reach): a func value may return anything.
func runValue(ctx context.Context, op func(context.Context) error) error {
	return util.Do(ctx, 3, time.Second, func(ctx context.Context) error {
		return op(ctx)
	})
}

// GOOD: the stop type handed to a library that wraps it.
func wrapped(ctx context.Context, s *store) error {
	return util.Do(ctx, 3, time.Second, func(ctx context.Context) error {
		if err := s.put(ctx, "a"); err != nil {
			return fmt.Errorf("put: %w", util.Permanent{Err: err})
		}
		return nil
	})
}

// GOOD: a wrapper that tells other errors apart as well classifies by itself.
func statusWrapper(ctx context.Context, s *store) error {
	return util.DoUnlessQuota(ctx, 3, func(ctx context.Context) error {
		return s.put(ctx, "a")
	})
}

// GOOD: the wrapper's stop test reads the rules' answer, and the rules
// classify the operation's error.
func byRules(ctx context.Context, r *util.Rules, s *store) error {
	return r.Run(ctx, func(ctx context.Context) error {
		return s.put(ctx, "a")
	})
}

// GOOD: the wrapper hands the error to the rules as well as testing its type.
func decided(ctx context.Context, r *util.Rules, s *store) error {
	return util.DoDecided(ctx, r, func(ctx context.Context) error {
		return s.put(ctx, "a")
	})
}
