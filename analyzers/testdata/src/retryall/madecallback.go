package retryall

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"math"
	"net/http"
	"time"

	"k8s.io/apimachinery/pkg/util/wait"
)

// A callback made by a call of a function of the package (sweep(false)), one
// that returns the same literal every time, is that literal: the helper runs
// it round after round. wait.ExponentialBackoff stops on an error its
// condition returns, so a made condition that returns every remote error
// classifies; the error of a local decode, logged while the loop goes on to
// the item's next step, is no error of a call the helper retries. Its last
// (false, nil) means "still there": it polls for the items to go.

type leftover struct {
	Name string
	Spec json.RawMessage
}

type leftoverSpec struct{ External bool }

func callLeftovers(ctx context.Context, method, url string, out any) error {
	req, err := http.NewRequestWithContext(ctx, method, url, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return fmt.Errorf("%s %s: %s", method, url, resp.Status)
	}
	if out == nil {
		return nil
	}
	return json.NewDecoder(resp.Body).Decode(out)
}

func listLeftovers(ctx context.Context, base string) ([]leftover, error) {
	var out []leftover
	return out, callLeftovers(ctx, http.MethodGet, base+"/items", &out)
}

func deleteLeftover(ctx context.Context, base, name string) error {
	return callLeftovers(ctx, http.MethodDelete, base+"/items/"+name, nil)
}

var sweepBackoff = wait.Backoff{Duration: time.Second, Factor: 2, Steps: math.MaxInt32}

func deleteAllAndWait(ctx context.Context, base string) error {
	sweep := func(keepExternal bool) func(ctx context.Context) (bool, error) {
		return func(ctx context.Context) (bool, error) {
			items, err := listLeftovers(ctx, base)
			if err != nil {
				return false, err
			}
			if len(items) == 0 {
				return true, nil
			}
			for _, it := range items {
				var spec leftoverSpec
				err = json.Unmarshal(it.Spec, &spec)
				if err != nil {
					log.Printf("cannot read %s: %v", it.Name, err)
				}
				if spec.External && keepExternal {
					continue
				}
				if err := deleteLeftover(ctx, base, it.Name); err != nil {
					return false, err
				}
			}
			return false, nil
		}
	}
	if err := wait.ExponentialBackoffWithContext(ctx, sweepBackoff, sweep(true)); err != nil {
		return err
	}
	return wait.ExponentialBackoffWithContext(ctx, sweepBackoff, sweep(false))
}

// A declared maker reads the same.
func sweepOnce(base string) wait.ConditionWithContextFunc {
	return func(ctx context.Context) (bool, error) {
		items, err := listLeftovers(ctx, base)
		if err != nil {
			return false, fmt.Errorf("list: %w", err)
		}
		return len(items) == 0, nil
	}
}

func awaitSwept(ctx context.Context, base string) error {
	return wait.ExponentialBackoffWithContext(ctx, sweepBackoff, sweepOnce(base))
}

// ---- look-alikes: retries of every error ----

// The made callback logs the list's error and answers "not yet".
func sweepLogged(base string) wait.ConditionWithContextFunc {
	return func(ctx context.Context) (bool, error) {
		items, err := listLeftovers(ctx, base)
		if err != nil {
			log.Printf("list: %v", err)
			return false, nil
		}
		return len(items) == 0, nil
	}
}

func awaitSweptLogged(ctx context.Context, base string) error {
	return wait.ExponentialBackoffWithContext(ctx, sweepBackoff, sweepLogged(base)) // want `retries every error the callback returns`
}

// The remote calls' errors are logged, the item loop goes on, and the
// callback answers "not yet" after them: the helper calls again.
func deleteAllLogged(ctx context.Context, base string) error {
	sweep := func() func(ctx context.Context) (bool, error) {
		return func(ctx context.Context) (bool, error) {
			items, err := listLeftovers(ctx, base)
			if err != nil {
				log.Printf("list: %v", err)
				return false, nil
			}
			for _, it := range items {
				if err := deleteLeftover(ctx, base, it.Name); err != nil {
					log.Printf("delete %s: %v", it.Name, err)
					continue
				}
			}
			return len(items) == 0, nil
		}
	}
	return wait.ExponentialBackoffWithContext(ctx, sweepBackoff, sweep()) // want `retries every error the callback returns`
}
