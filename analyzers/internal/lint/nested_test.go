package lint_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/retrylint/retrylint/analyzers/internal/lint"
)

// TestNestedInHarness builds a repository with nested modules and asks, for a
// package directory of each, whether it is test or demo code by where its
// module sits.
func TestNestedInHarness(t *testing.T) {
	repo := t.TempDir()
	for _, f := range []string{
		".git/HEAD", "go.mod",
		"examples/guestbook/frontend/go.mod", "test/e2e/suite/go.mod", "integration-tests/docker/mock/go.mod",
		"tools/gen/go.mod", "examples/go.mod", "testdata/examples/shop/go.mod", "pkg/server/go.mod",
		"outside/examples/vendored/.git/HEAD", "outside/examples/vendored/go.mod",
	} {
		write(t, filepath.Join(repo, f))
	}
	for dir, want := range map[string]bool{
		"examples/guestbook/frontend":         true,
		"examples/guestbook/frontend/src/api": true,
		"test/e2e/suite":                      true,
		"integration-tests/docker/mock":       true,
		// Look-alikes: no test or demo directory between the two roots, a
		// module's own name, a test's input under testdata, the enclosing
		// module itself, and a repository of its own inside another tree.
		"tools/gen":                 false,
		"examples":                  false,
		"testdata/examples/shop":    false,
		"pkg/server":                false,
		".":                         false,
		"outside/examples/vendored": false,
	} {
		if got := lint.NestedInHarness(filepath.Join(repo, dir)); got != want {
			t.Errorf("NestedInHarness(%s) = %v, want %v", dir, got, want)
		}
	}
	if lint.NestedInHarness(t.TempDir()) {
		t.Error("a directory in no module is not test code")
	}
}

func write(t *testing.T, path string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte("module m\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}
