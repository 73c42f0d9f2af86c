package lint

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
)

// A module nested in another module's tree is often named for what it does,
// not where it sits: a demo under examples/guestbook/frontend is module
// "frontend", a suite under test/e2e is module "suite". Its package paths
// then hide the directories that say it is test or demo code, and TestHarness,
// which reads package paths, cannot see them.

// NestedInHarness reports whether dir lies in a module whose root sits, inside
// an enclosing module's tree, below a directory of test, demo or benchmark
// code (TestHarness's words): the directories strictly between the nested
// module's root and the root of an enclosing module are read. Nothing above a
// repository's root (a directory holding .git) is read, nor the roots' own
// names: a module's directory name is its module path's business. A
// directory named testdata ends the walk: what lies below it is a test's
// input, judged as the code it stands for.
func NestedInHarness(dir string) bool {
	if v, ok := nestedCache.Load(dir); ok {
		return v.(bool)
	}
	root := moduleRoot(dir)
	v := root != "" && between(root)
	nestedCache.Store(dir, v)
	return v
}

var nestedCache sync.Map // package directory -> NestedInHarness: one walk up per directory

// moduleRoot returns the nearest directory at or above dir holding go.mod, or "".
func moduleRoot(dir string) string {
	for d := filepath.Clean(dir); ; {
		if isFile(filepath.Join(d, "go.mod")) {
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			return ""
		}
		d = parent
	}
}

// between walks up from a module root through the enclosing modules' roots,
// up to the outermost one in the repository, and reports whether a directory
// strictly between the module root and that outermost root is of test or
// demo code.
func between(root string) bool {
	harness, found := false, false
	for d := root; !exists(filepath.Join(d, ".git")); {
		parent := filepath.Dir(d)
		if parent == d || filepath.Base(parent) == "testdata" {
			break
		}
		if isFile(filepath.Join(parent, "go.mod")) {
			found = found || harness
		}
		d = parent
		elem := strings.ToLower(filepath.Base(d))
		harness = harness || testHarnessDirs[elem] || hasTestOrDemoWord(elem)
	}
	return found
}

func isFile(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && !fi.IsDir()
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
