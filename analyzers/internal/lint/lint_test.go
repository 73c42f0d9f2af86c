package lint_test

import (
	"testing"

	"github.com/retrylint/retrylint/analyzers/internal/lint"
)

func TestTestHarness(t *testing.T) {
	for path, want := range map[string]bool{
		// Harness directories, as before.
		"github.com/acme/shop/test/e2e":             true,
		"github.com/acme/shop/internal/testutil":    true,
		"github.com/acme/shop/pkg/testhelpers/nats": true,
		"retryall/test/e2e":                         true,
		// Commands and packages named for what they are: words of an element.
		"github.com/acme/chat/cmd/chat-upgrade-tests":      true,
		"github.com/acme/chat/contrib/chat-demo-tor":       true,
		"github.com/acme/chat/contrib/chat-demo-i2p/relay": true,
		"github.com/acme/sdk/examples/quickstart":          true,
		"github.com/acme/sdk/examples":                     true,
		"github.com/acme/sdk/_example/basic":               true,
		"github.com/acme/sdk/cmd/load_test":                true,
		"github.com/acme/sdk/cmd/bench":                    true,
		"github.com/acme/sdk/benchmarks/kafka":             true,
		"github.com/acme/sdk/samples/orders":               true,
		"github.com/acme/sdk/cmd/client.e2e":               true,
		"github.com/acme/Shop-Examples/worker":             true,
		"github.com/acme/go-demos/retry":                   true,
		// Look-alikes: a word inside another word, the host of the module
		// path, and "sample" (a package that samples metrics or traces).
		"github.com/acme/shop/cmd/latest":                  false,
		"github.com/acme/shop/pkg/attestation":             false,
		"retryall/contest":                                 false,
		"github.com/acme/shop/internal/testimony":          false,
		"github.com/acme/shop/pkg/benchmarker/unittesting": false,
		"example.com/shop/internal/orders":                 false,
		"example.com/shop":                                 false,
		"github.com/acme/agent/pkg/sample":                 false,
		"github.com/acme/shop/cmd/shop-server":             false,
		"github.com/acme/shop/contrib/demonstrator":        false,
		"github.com/acme/shop/pkg/testdataset":             false,
	} {
		if got := lint.TestHarness(path); got != want {
			t.Errorf("TestHarness(%q) = %v, want %v", path, got, want)
		}
	}
}
