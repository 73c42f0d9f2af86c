package rules

import "go/types"

// GRPC is what the engine knows about gRPC clients that retry on their own: a
// connection built with a service config whose retryPolicy retries, or with a
// retry interceptor, retries every call made through it.
type GRPC struct {
	// Connections build a client connection from dial options (grpc.NewClient).
	Connections []string `yaml:"connections"`
	// DisableRetry are dial options that turn every retry of the connection off.
	DisableRetry []string `yaml:"disable_retry"`
	// RetryConfigs are the calls that configure the retries, read by family.
	RetryConfigs []RetryConfig `yaml:"retry_configs"`
	// TransientCodes are the status codes a retry may repeat (gRPC's names,
	// UNAVAILABLE): retrying any other code repeats a failure that will recur.
	TransientCodes []string `yaml:"transient_codes"`
}

// RetryConfig is a call that configures a client's retries.
type RetryConfig struct {
	Func string `yaml:"func"`
	// Family selects how the engine reads the call: grpc-service-config (a JSON
	// service config), grpc-middleware-retry (go-grpc-middleware's retry
	// interceptors and their options, matched by a glob over the package).
	Family string `yaml:"family"`
}

// gRPC's status code names, as service configs spell them.
var grpcCodes = []string{
	"OK", "CANCELLED", "UNKNOWN", "INVALID_ARGUMENT", "DEADLINE_EXCEEDED", "NOT_FOUND",
	"ALREADY_EXISTS", "PERMISSION_DENIED", "RESOURCE_EXHAUSTED", "FAILED_PRECONDITION",
	"ABORTED", "OUT_OF_RANGE", "UNIMPLEMENTED", "INTERNAL", "UNAVAILABLE", "DATA_LOSS",
	"UNAUTHENTICATED",
}

// GRPCCodeNames lists gRPC's status code names in the order of their numbers.
func GRPCCodeNames() []string { return append([]string(nil), grpcCodes...) }

// Families of retry configurations.
var configFamilies = []string{"grpc-service-config", "grpc-middleware-retry"}

// ConfigFamilies lists the retry configuration families rules.yaml accepts.
func ConfigFamilies() []string { return append([]string(nil), configFamilies...) }

// IsGRPCConnection reports whether fn builds a gRPC client connection.
func (k *Knowledge) IsGRPCConnection(fn *types.Func) bool {
	return k.matcher("grpc-conn", k.Knowledge.GRPC.Connections).MatchFunc(fn)
}

// IsGRPCDisableRetry reports whether fn is a dial option that turns retries off.
func (k *Knowledge) IsGRPCDisableRetry(fn *types.Func) bool {
	return k.matcher("grpc-noretry", k.Knowledge.GRPC.DisableRetry).MatchFunc(fn)
}

// RetryConfig returns the entry of a call that configures a client's retries, or nil.
func (k *Knowledge) RetryConfig(fn *types.Func) *RetryConfig {
	for i := range k.Knowledge.GRPC.RetryConfigs {
		c := &k.Knowledge.GRPC.RetryConfigs[i]
		if k.matcher("retry-config:"+c.Func, []string{c.Func}).MatchFunc(fn) {
			return c
		}
	}
	return nil
}

// IsTransientCode reports whether a retry may repeat a gRPC status code (by name).
func (k *Knowledge) IsTransientCode(name string) bool {
	for _, c := range k.Knowledge.GRPC.TransientCodes {
		if c == name {
			return true
		}
	}
	return false
}

// compileGRPC builds the section's matchers (see Compile).
func (k *Knowledge) compileGRPC() {
	k.IsGRPCConnection(nil)
	k.IsGRPCDisableRetry(nil)
	for _, c := range k.Knowledge.GRPC.RetryConfigs {
		k.matcher("retry-config:"+c.Func, []string{c.Func})
	}
}
