package lint_test

import (
	"go/types"
	"strings"
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
		"github.com/acme/proxy/testing/servers/udp": true,
		"github.com/acme/shop/internal/fakes/bank":  true,
		"github.com/acme/shop/pkg/mocks":            true,
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
		"github.com/acme/vpn/integration/dockerutil":       true,
		"github.com/acme/vpn/integration":                  true,
		"github.com/acme/db/internal/integration_suite":    true,
		"github.com/acme/opa/internal/opatestutils":        true,
		"github.com/acme/db/dbtesthelper":                  true,
		// Documentation snippets and developer tooling.
		"github.com/acme/di/docs/ex/annotate":   true,
		"github.com/acme/net/hack/release/scan": true,
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
		"github.com/acme/chat/integrations/slack":          false,
		"github.com/acme/chat/pkg/integrationkit":          false,
		"github.com/acme/proxy/pkg/loadtesting":            false,
		"github.com/acme/shop/pkg/mockingbird":             false,
		"github.com/acme/shop/pkg/doc":                     false,
		"github.com/acme/shop/pkg/hacks":                   false,
		"github.com/acme/shop/pkg/lifehack":                false,
	} {
		if got := lint.TestHarness(path); got != want {
			t.Errorf("TestHarness(%q) = %v, want %v", path, got, want)
		}
	}
}

func TestTestCompanion(t *testing.T) {
	store := types.NewPackage("github.com/acme/shop/store", "store")
	fs := types.NewPackage("github.com/acme/shop/fs", "fs")
	fspath := types.NewPackage("github.com/acme/shop/fs/fspath", "fspath")
	fspath.SetImports([]*types.Package{fs})
	la := types.NewPackage("github.com/acme/shop/pkg/la", "la")
	pkg := func(path string, imports ...*types.Package) *types.Package {
		p := types.NewPackage(path, path[strings.LastIndex(path, "/")+1:])
		p.SetImports(imports)
		return p
	}
	for _, c := range []struct {
		pkg  *types.Package
		want bool
	}{
		// The companion of a package it imports, or one of its subpackages;
		// the import may come through another package.
		{pkg("github.com/acme/shop/storetest", store), true},
		{pkg("github.com/acme/shop/fstest/testserver", fspath), true},
		{pkg("github.com/acme/shop/internal/storetest/fake", store), true},
		// The companion kept in the directory of the package it stands in
		// for, importing nothing of it (a mock server).
		{pkg("github.com/acme/shop/etcd/etcdtest"), true},
		{pkg("github.com/acme/shop/etcd/etcdtest/server"), true},
		// Look-alikes: words that end in "test", a stem the package does not
		// import, "test" alone (TestHarness's), the module's host.
		{pkg("github.com/acme/shop/cmd/latest", store), false},
		{pkg("github.com/acme/shop/contest", store), false},
		{pkg("github.com/acme/shop/storetest"), false},
		{pkg("github.com/acme/shop/dbtest", store), false},
		{pkg("github.com/acme/shop/etcd/v3/etcdtest"), false},
		{pkg("github.com/acme/shop/test", store), false},
		{pkg("storetest.example/shop/orders", store), false},
		{nil, false},
		// Names, not English: a latest that imports a package la is la's.
		{pkg("github.com/acme/shop/pkg/latest", la), true},
	} {
		path := "<nil>"
		if c.pkg != nil {
			path = c.pkg.Path()
		}
		if got := lint.TestCompanion(c.pkg); got != c.want {
			t.Errorf("TestCompanion(%s) = %v, want %v", path, got, c.want)
		}
	}
}
