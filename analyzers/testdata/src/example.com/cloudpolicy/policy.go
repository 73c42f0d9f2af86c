// Package cloudpolicy stands in for a cloud SDK's client options: a retry
// policy given as Duration fields, with no retry in the package's path.
package cloudpolicy

import "time"

type RetryOptions struct {
	MaxRetries    int32
	TryTimeout    time.Duration
	RetryDelay    time.Duration
	MaxRetryDelay time.Duration
}

type ClientOptions struct {
	Retry        RetryOptions
	Timeout      time.Duration
	PollInterval time.Duration
	KeepAlive    time.Duration
}
