// Package grpc holds retryall's cases for client retry configurations: gRPC
// service configs and go-grpc-middleware's retry options.
package grpc

import (
	"fmt"

	"google.golang.org/grpc"
)

// A retryPolicy that retries statuses no attempt can fix. The finding is on
// the code, inside the literal, on the last line of a raw string.
const retriesInvalidArgument = `{"methodConfig": [{"name": [{"service": "echo.Echo"}], "retryPolicy": {
	"maxAttempts": 4, "initialBackoff": "0.1s", "maxBackoff": "1s", "backoffMultiplier": 2,
	"retryableStatusCodes": ["UNAVAILABLE", "INVALID_ARGUMENT", "UNKNOWN"]}}]}` // want `gRPC retry policy retries INVALID_ARGUMENT, which sending the same call again does not fix: list only transient codes in retryableStatusCodes \(UNAVAILABLE, RESOURCE_EXHAUSTED, ABORTED, DEADLINE_EXCEEDED\)` `gRPC retry policy retries UNKNOWN`

func dialInvalidArgument() (*grpc.ClientConn, error) {
	return grpc.NewClient("dns:///echo", grpc.WithDefaultServiceConfig(retriesInvalidArgument))
}

// A constant made of pieces: the finding is in the piece that spells the code,
// and a number is a code too (13 is INTERNAL).
const policyHead = `{"methodConfig": [{"name": [{}], "retryPolicy": {"maxAttempts": 3, ` +
	`"initialBackoff": "0.2s", "maxBackoff": "2s", "backoffMultiplier": 1.5, `

const retriesInternal = policyHead +
	`"retryableStatusCodes": [14, 13]}}]}` // want `gRPC retry policy retries INTERNAL`

func dialInternal() {
	grpc.Dial("echo:443", grpc.WithDefaultServiceConfig(retriesInternal))
}

// An interpreted string literal inside a local variable: the escapes are
// mapped back to the source.
func dialLocal() {
	sc := "{\"methodConfig\": [{\"name\": [{}], \"retryPolicy\": {\"maxAttempts\": 2, \"initialBackoff\": \"1s\", \"maxBackoff\": \"5s\", \"backoffMultiplier\": 2, \"retryableStatusCodes\": [\"PERMISSION_DENIED\"]}}]}" // want `gRPC retry policy retries PERMISSION_DENIED`
	grpc.NewClient("echo:443", grpc.WithDefaultServiceConfig(sc))
}

// Look-alikes.

// Transient codes only.
const retriesUnavailable = `{"methodConfig": [{"name": [{}], "retryPolicy": {"maxAttempts": 5,
	"initialBackoff": "0.1s", "maxBackoff": "3s", "backoffMultiplier": 2,
	"retryableStatusCodes": ["UNAVAILABLE", "RESOURCE_EXHAUSTED", "ABORTED", "DEADLINE_EXCEEDED", 14]}}]}`

func dialUnavailable() {
	grpc.NewClient("echo:443", grpc.WithDefaultServiceConfig(retriesUnavailable))
}

// The same policy with the connection's retries turned off.
func dialRetriesOff() {
	grpc.NewClient("echo:443", grpc.WithDisableRetry(), grpc.WithDefaultServiceConfig(retriesInvalidArgumentToo))
}

const retriesInvalidArgumentToo = `{"methodConfig": [{"name": [{}], "retryPolicy": {"maxAttempts": 4, "initialBackoff": "0.1s", "maxBackoff": "1s", "backoffMultiplier": 2, "retryableStatusCodes": ["INVALID_ARGUMENT"]}}]}`

// The same JSON that is no service config, and a config built at run time.
func notAServiceConfig(codes string) {
	fmt.Println(retriesInvalidArgumentToo)
	grpc.NewClient("echo:443", grpc.WithDefaultServiceConfig(fmt.Sprintf(`{"methodConfig": [{"name": [{}], "retryPolicy": {"maxAttempts": 4, "initialBackoff": "0.1s", "maxBackoff": "1s", "backoffMultiplier": 2, "retryableStatusCodes": [%s]}}]}`, codes)))
}

// A service config without retries.
func dialRoundRobin() {
	grpc.NewClient("echo:443", grpc.WithDefaultServiceConfig(`{"loadBalancingConfig": [{"round_robin": {}}]}`))
}
