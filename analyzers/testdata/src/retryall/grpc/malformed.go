package grpc

import "google.golang.org/grpc"

// Service configs grpc-go rejects (grpc.NewClient fails) or ignores (nothing
// is retried): each is a finding at the key or value at fault.

const notJSON = `{"methodConfig": [{"name": [{}], "retryPolicy": {"maxAttempts": 3}}]` // want `gRPC service config does not retry as written: the service config is not valid JSON`

const topLevelPolicy = `{"retryPolicy": {"maxAttempts": 3, "initialBackoff": "0.1s", "maxBackoff": "1s", "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]}}` // want `grpc-go ignores a retryPolicy at the top of the service config, so nothing is retried`

// The policy alone, without its methodConfig: nothing but unknown keys.
func bare() {
	retryPolicy := `{
		"maxAttempts": 3,` + // want `this is a bare retryPolicy, and grpc-go ignores its keys at the top of a service config, so nothing is retried`
		`"initialBackoff": "100ms", "maxBackoff": "1s", "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]}`
	grpc.NewClient("x", grpc.WithDefaultServiceConfig(retryPolicy))
}

const noName = `{"methodConfig": [{"retryPolicy": {"maxAttempts": 3, "initialBackoff": "0.1s", "maxBackoff": "1s", "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]}}]}` // want `grpc-go skips a methodConfig entry without a name, so this retryPolicy retries nothing`

const oneAttempt = `{"methodConfig": [{"name": [{}], "retryPolicy": {"maxAttempts": 1, "initialBackoff": "0.1s", "maxBackoff": "1s", "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]}}]}` // want `maxAttempts 1: it must be at least 2; grpc-go rejects the service config \(grpc.NewClient fails; before v1.70 it dropped the policy with a log line\)`

const milliseconds = `{"methodConfig": [{"name": [{}], "retryPolicy": {"maxAttempts": 3, "initialBackoff": "100ms", "maxBackoff": "1s", "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]}}]}` // want `initialBackoff must be seconds with an s suffix, like "0.1s"; grpc.NewClient fails with this service config`

const misspelledCode = `{"methodConfig": [{"name": [{}], "retryPolicy": {"maxAttempts": 3, "initialBackoff": "0.1s", "maxBackoff": "1s", "backoffMultiplier": 2, "retryableStatusCodes": ["Unavailable"]}}]}` // want `"Unavailable" is not a gRPC status code`

const snakeCase = `{"methodConfig": [{"name": [{}], "retry_policy": {"maxAttempts": 3, "initialBackoff": "0.1s", "maxBackoff": "1s", "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]}}]}` // want `grpc-go does not know the key "retry_policy" and ignores it`

const missingMultiplier = `{"methodConfig": [{"name": [{}], "retryPolicy": {"maxAttempts": 3, "initialBackoff": "0.1s", "maxBackoff": "1s", "retryableStatusCodes": ["UNAVAILABLE"]}}]}` // want `retryPolicy has no backoffMultiplier`

// Keys match case-insensitively, as encoding/json matches struct fields.
const capitalised = `{"MethodConfig": [{"Name": [{"Service": "echo.Echo"}], "RetryPolicy": {"MaxAttempts": 3, "InitialBackoff": "0.1s", "MaxBackoff": "1s", "BackoffMultiplier": 2, "RetryableStatusCodes": ["UNAVAILABLE"]}}]}`

func dialMalformed() {
	for _, sc := range []string{} {
		grpc.NewClient("x", grpc.WithDefaultServiceConfig(sc))
	}
	grpc.NewClient("x", grpc.WithDefaultServiceConfig(notJSON))
	grpc.NewClient("x", grpc.WithDefaultServiceConfig(topLevelPolicy))
	grpc.NewClient("x", grpc.WithDefaultServiceConfig(noName))
	grpc.NewClient("x", grpc.WithDefaultServiceConfig(oneAttempt))
	grpc.NewClient("x", grpc.WithDefaultServiceConfig(milliseconds))
	grpc.NewClient("x", grpc.WithDefaultServiceConfig(misspelledCode))
	grpc.NewClient("x", grpc.WithDefaultServiceConfig(snakeCase))
	grpc.NewClient("x", grpc.WithDefaultServiceConfig(missingMultiplier))
	grpc.NewClient("x", grpc.WithDefaultServiceConfig(capitalised))
	// The same constant twice is reported once.
	grpc.NewClient("y", grpc.WithDefaultServiceConfig(oneAttempt))
}

// An empty config fails grpc.NewClient too.
func empty() {
	grpc.NewClient("x", grpc.WithDefaultServiceConfig(""))   // want `the service config is not valid JSON`
	grpc.NewClient("x", grpc.WithDefaultServiceConfig(`  `)) // want `the service config is not valid JSON`
}
