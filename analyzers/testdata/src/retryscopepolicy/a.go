// Package retryscopepolicy holds retry helpers and loops whose policy, bound and
// inner retries the engine must read.
package retryscopepolicy

import (
	"context"
	"math/rand"
	"time"

	"github.com/avast/retry-go/v4"
	backoff "github.com/cenkalti/backoff/v4"
	backoff5 "github.com/cenkalti/backoff/v5"
	"github.com/cockroachdb/cockroach-go/v2/crdb"
	"github.com/hashicorp/go-retryablehttp"
	goretry "github.com/sethvargo/go-retry"
	"k8s.io/apimachinery/pkg/util/wait"
	k8sretry "k8s.io/client-go/util/retry"
)

func call() error                   { return nil }
func callCtx(context.Context) error { return nil }

func retryGoDefaults() error {
	return retry.Do(call) // want `retry callback retry.Do wait=exponential jitter=yes counter=true max=10$`
}

func retryGoFixed(ctx context.Context) error {
	return retry.Do(call, retry.Attempts(3), retry.DelayType(retry.FixedDelay), retry.Context(ctx)) // want `retry.Do wait=constant jitter=no ctx=caller counter=true max=3$`
}

func retryGoForever() error {
	return retry.Do(call, retry.Attempts(0)) // want `retry.Do wait=exponential jitter=yes counter=false unbounded$`
}

func v4Literal() error {
	// a literal starts from zero values: no jitter, no elapsed-time limit
	b := &backoff.ExponentialBackOff{InitialInterval: time.Second, Multiplier: 2}
	return backoff.Retry(call, backoff.WithMaxRetries(b, 4)) // want `backoff.Retry wait=exponential jitter=no counter=true max=5$`
}

func v4Timeout(parent context.Context) error {
	ctx, cancel := context.WithTimeout(parent, time.Minute)
	defer cancel()
	b := backoff.NewExponentialBackOff()
	b.MaxElapsedTime = 0
	return backoff.Retry(call, backoff.WithContext(b, ctx)) // want `backoff.Retry wait=exponential jitter=yes ctx=deadline counter=false deadline\(local=true\)$`
}

func v5Tries(ctx context.Context) error {
	_, err := backoff5.Retry(ctx, func() (int, error) { return 0, call() }, backoff5.WithMaxTries(6)) // want `backoff.Retry wait=exponential jitter=yes ctx=caller counter=true max=6$`
	return err
}

func goRetryCaller(ctx context.Context) error {
	return goretry.Do(ctx, goretry.NewFibonacci(time.Second), func(ctx context.Context) error { return callCtx(ctx) }) // want `retry.Do wait=fibonacci jitter=no ctx=caller counter=false deadline\(local=false\) unbounded$`
}

func goRetryBackground() error {
	ctx := context.WithValue(context.Background(), struct{}{}, 1)
	return goretry.Do(ctx, goretry.NewConstant(time.Second), func(ctx context.Context) error { return callCtx(ctx) }) // want `retry.Do wait=constant jitter=no ctx=background counter=false unbounded$`
}

func k8sDefault() error {
	return k8sretry.RetryOnConflict(k8sretry.DefaultBackoff, call) // want `retry.RetryOnConflict wait=exponential jitter=yes counter=true max=4$`
}

func k8sModified() error {
	b := k8sretry.DefaultRetry
	b.Jitter = 0
	b.Steps = 7
	return k8sretry.OnError(b, func(error) bool { return true }, call) // want `retry.OnError wait=constant jitter=no counter=true max=7$`
}

func k8sLiteral() error {
	return wait.ExponentialBackoff(wait.Backoff{Duration: time.Second, Factor: 3, Steps: 2}, func() (bool, error) { return call() == nil, nil }) // want `wait.ExponentialBackoff wait=exponential jitter=no counter=true max=2$`
}

func crdbForever(ctx context.Context) error {
	ctx = crdb.WithMaxRetries(ctx, 0)
	return crdb.ExecuteCtx(ctx, func(context.Context, ...interface{}) error { return nil }) // want `crdb.ExecuteCtx wait=none jitter=\? ctx=caller counter=true max=1$`
}

// ---- bounds of hand-written retries ----

type conn struct {
	tries int
	delay time.Duration
}

func (c *conn) fieldCounter() error {
	for { // want `retry loop counter=true max=4$`
		err := call()
		if err == nil {
			return nil
		}
		c.tries++
		if c.tries > 3 {
			return err
		}
		time.Sleep(c.delay)
	}
}

func recursiveCounted(attempt int) error {
	err := call()
	if err == nil || attempt >= 3 {
		return err
	}
	return recursiveCounted(attempt + 1) // want `recursive retry counter=true$`
}

func recursiveCtx(ctx context.Context) error {
	err := callCtx(ctx)
	if err == nil {
		return nil
	}
	if ctx.Err() != nil {
		return err
	}
	return recursiveCtx(ctx) // want `recursive retry counter=false deadline\(local=false\)$`
}

// ---- inner retries ----

func innerClient(req *retryablehttp.Request) error {
	c := &retryablehttp.Client{RetryMax: 2}
	for i := 0; i < 3; i++ { // want `retry loop counter=true max=3 inner=go-retryablehttp client/3$`
		if _, err := c.Do(req); err == nil {
			return nil
		}
	}
	return nil
}

func innerOff(req *retryablehttp.Request) error {
	c := &retryablehttp.Client{RetryMax: 0}
	for i := 0; i < 3; i++ { // want `retry loop counter=true max=3$`
		if _, err := c.Do(req); err == nil {
			return nil
		}
	}
	return nil
}

// ---- recursion over other input is a traversal, not a retry ----

type tree struct{ kids []*tree }

func visit(t *tree) error {
	for _, k := range t.kids {
		if err := visit(k); err != nil {
			return err
		}
	}
	return call()
}

func removeAll(dir string, names []string) error {
	for _, name := range names {
		if err := call(); err != nil {
			return removeAll(dir+"/"+name, nil)
		}
	}
	return nil
}

func removeTree(dir string, names []string) error {
	for _, name := range names {
		if err := call(); err != nil {
			return removeTree(name, nil)
		}
	}
	return nil
}

// ---- an update in place carries the jitter ----

func jitterAdded() error {
	for i := 0; i < 5; i++ { // want `retry loop counter=true max=5$`
		if err := call(); err == nil {
			return nil
		}
		d := float64(uint(1) << uint(i))
		d += d * 0.1 * rand.Float64()
		time.Sleep(time.Duration(d) * time.Second)
	}
	return nil
}
