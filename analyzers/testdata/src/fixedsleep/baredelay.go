package fixedsleep

import (
	"time"

	"example.com/cloudpolicy"
	"github.com/cenkalti/backoff/v4"
	grpc_retry "github.com/grpc-ecosystem/go-grpc-middleware/retry"
)

// A retry wait written as a bare number is nanoseconds: the retries come back
// to back. Zero, a unit, a constant declared with a unit, a bound on an
// attempt and a Duration that is no retry wait stay quiet.

const (
	settleDelay    = 100 * time.Millisecond
	bareRetryDelay = 200
)

func bareRetryOptions() cloudpolicy.ClientOptions {
	return cloudpolicy.ClientOptions{
		Retry: cloudpolicy.RetryOptions{
			MaxRetries:    5,
			RetryDelay:    100,  // want `RetryDelay: 100 is 100ns, not 100ms: the retries come back to back; write 100 \* time.Millisecond`
			MaxRetryDelay: 5000, // 5 µs is wrong too, but above the bound under which no wait is meant
			TryTimeout:    100,  // a bound on one attempt, not a wait
		},
		Timeout:      100,
		PollInterval: 100,
		KeepAlive:    100,
	}
}

func bareRetryAssigned(o *cloudpolicy.ClientOptions) {
	o.Retry.RetryDelay = bareRetryDelay // want `RetryDelay: bareRetryDelay is 200ns`
}

func bareBackoffArgument() grpc_retry.BackoffFunc {
	return grpc_retry.BackoffLinearWithJitter(time.Duration(50), 0.2) // want `the waitBetween argument time.Duration\(50\) is 50ns`
}

func bareExponentialInterval() *backoff.ExponentialBackOff {
	return &backoff.ExponentialBackOff{InitialInterval: 10 * 5, MaxInterval: time.Second} // want `InitialInterval: 10 \* 5 is 50ns`
}

func unitRetryOptions() []cloudpolicy.RetryOptions {
	return []cloudpolicy.RetryOptions{
		{MaxRetries: 5, RetryDelay: 0},
		{MaxRetries: 5, RetryDelay: 100 * time.Millisecond},
		{MaxRetries: 5, RetryDelay: settleDelay},
		{MaxRetries: 5, RetryDelay: time.Duration(bareRetryDelay) * time.Millisecond},
	}
}

func unitPerTryTimeout() grpc_retry.CallOption {
	return grpc_retry.WithPerRetryTimeout(100)
}

// retryPacing is a package's own settings, read as milliseconds where they are
// used: a bare number is the count its code expects.
type retryPacing struct {
	RetryWait time.Duration
}

func (p retryPacing) pause() { time.Sleep(p.RetryWait * time.Millisecond) }

func scaledRetryWait() retryPacing { return retryPacing{RetryWait: 100} }

// retryTuning is read as a Duration: 100 is 100ns.
type retryTuning struct {
	RetryWait time.Duration
}

func (t retryTuning) pause() { time.Sleep(t.RetryWait) }

func bareRetryWait() retryTuning { return retryTuning{RetryWait: 100} } // want `RetryWait: 100 is 100ns`
