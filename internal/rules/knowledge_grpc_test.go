package rules

import (
	"strings"
	"testing"
)

// The gRPC section: a user file adds a connection and a transient code, and a
// family or code name rules.yaml does not know is an error on its line.
func TestGRPCSection(t *testing.T) {
	k, err := Merge(Default(), "user.yaml", []byte(`knowledge:
  grpc:
    connections: [example.com/rpc.Dial]
    transient_codes: [INTERNAL]
`))
	if err != nil {
		t.Fatal(err)
	}
	g := k.Knowledge.GRPC
	if !contains(g.Connections, "google.golang.org/grpc.NewClient") || !contains(g.Connections, "example.com/rpc.Dial") {
		t.Errorf("connections = %v, want the default ones and example.com/rpc.Dial", g.Connections)
	}
	if !k.IsTransientCode("INTERNAL") || !k.IsTransientCode("UNAVAILABLE") || k.IsTransientCode("UNKNOWN") {
		t.Errorf("transient codes = %v", g.TransientCodes)
	}
	for _, tc := range []struct{ src, want string }{
		{"knowledge:\n  grpc:\n    retry_configs:\n      - {func: example.com/rpc.WithConfig, family: grpc-config}\n",
			`user.yaml:4: knowledge.grpc.retry_configs[0].family: "grpc-config" is not a retry configuration family`},
		{"knowledge:\n  grpc:\n    transient_codes: [Unavailable]\n",
			`user.yaml:3: knowledge.grpc.transient_codes[0]: "Unavailable" is not a gRPC status code name`},
		{"knowledge:\n  grpc:\n    disable_retry: [not a func]\n",
			`user.yaml:3: knowledge.grpc.disable_retry[0]: "not a func" is not a function name`},
	} {
		_, err := Merge(Default(), "user.yaml", []byte(tc.src))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Merge(%q) error = %v, want it to contain %q", tc.src, err, tc.want)
		}
	}
}
