package retryscope

import (
	"go/types"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// TestOwnModule: with module information, the module's own packages are the
// module path and what lies under it (not a sibling whose name only starts
// the same); without it, the packages that share the first path element.
func TestOwnModule(t *testing.T) {
	withMod := &analysis.Pass{Pkg: types.NewPackage("github.com/o/r/cmd/tool", "main"), Module: &analysis.Module{Path: "github.com/o/r"}}
	noMod := &analysis.Pass{Pkg: types.NewPackage("tools/cmd/tool", "main")}
	for _, c := range []struct {
		pass *analysis.Pass
		path string
		want bool
	}{
		{withMod, "github.com/o/r", true},
		{withMod, "github.com/o/r/internal/server", true},
		{withMod, "github.com/o/rx/server", false},
		{withMod, "github.com/other/lib", false},
		{withMod, "net/http", false},
		{noMod, "tools/runner", true},
		{noMod, "net/http", false},
	} {
		if got := ownModule(c.pass, c.path); got != c.want {
			t.Errorf("ownModule(%s, %q) = %v, want %v", c.pass.Pkg.Path(), c.path, got, c.want)
		}
	}
	for path, want := range map[string]bool{"net/http": true, "os/signal": true, "example.com/appkit": false, "github.com/urfave/cli": false} {
		if got := standardLibrary(path); got != want {
			t.Errorf("standardLibrary(%q) = %v, want %v", path, got, want)
		}
	}
}
