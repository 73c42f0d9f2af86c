package load

import (
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

// TestUnlistedImportsOnce: a module whose go.sum lacks the entries of the
// modules its replacement's imports come from (app), or whose go.mod requires
// no module for some imports (bare), gets one line per kind and module,
// counting the imports, with the one fix (under -mod=vendor, vend, with go mod
// vendor): not one line per import. The other packages are analysed. A single
// such import (single) keeps the go command's line and fix.
func TestUnlistedImportsOnce(t *testing.T) {
	proxy := t.TempDir()
	for _, name := range []string{"one", "two", "three"} {
		writeProxyModule(t, proxy, "example.com/"+name, "v1.0.0", map[string]string{
			"go.mod": "module example.com/" + name + "\n\ngo 1.22\n",
			"p/p.go": "package p\n\nfunc F() {}\n",
		})
	}
	dir := writeTree(t, map[string]string{
		"lib/go.mod":              "module example.com/lib\n\ngo 1.22\n\nrequire (\n\texample.com/one v1.0.0\n\texample.com/two v1.0.0\n\texample.com/three v1.0.0\n)\n",
		"lib/lib.go":              "package lib\n\nimport (\n\tone \"example.com/one/p\"\n\tthree \"example.com/three/p\"\n\ttwo \"example.com/two/p\"\n)\n\nfunc F() { one.F(); two.F(); three.F() }\n",
		"app/go.mod":              "module example.com/app\n\ngo 1.22\n\nrequire example.com/lib v0.0.0\n\nreplace example.com/lib => ../lib\n\nrequire (\n\texample.com/one v1.0.0 // indirect\n\texample.com/two v1.0.0 // indirect\n\texample.com/three v1.0.0 // indirect\n)\n",
		"app/main.go":             "package main\n\nimport \"example.com/lib\"\n\nfunc main() { lib.F() }\n",
		"bare/go.mod":             "module example.com/bare\n\ngo 1.22\n",
		"bare/x/x.go":             "package x\n\nimport (\n\ta \"example.com/nowhere/a\"\n\tb \"example.com/nowhere/b\"\n)\n\nvar X, Y = a.X, b.Y\n",
		"bare/y/y.go":             "package y\n\nimport c \"example.com/nowhere/c\"\n\nvar Z = c.Z\n",
		"vend/go.mod":             "module example.com/vend\n\ngo 1.22\n",
		"vend/vendor/modules.txt": "",
		"vend/x/x.go":             "package x\n\nimport (\n\ta \"example.com/nowhere/a\"\n\tb \"example.com/nowhere/b\"\n)\n\nvar X, Y = a.X, b.Y\n",
		"single/go.mod":           "module example.com/single\n\ngo 1.22\n",
		"single/y/y.go":           "package y\n\nimport c \"example.com/nowhere/c\"\n\nvar Z = c.Z\n",
		"app/ok/ok.go":            "package ok\n",
	})
	env := goEnv("GOPROXY=file://"+filepath.ToSlash(proxy), "GOMODCACHE="+t.TempDir(), "GOFLAGS=-modcacherw", "GOSUMDB=off")
	roots, err := Packages(&packages.Config{Dir: filepath.Join(dir, "app"), Env: env}, "./...")
	if err != nil {
		t.Fatal(err)
	}
	probs := Problems(roots)
	if ok := byPath(roots)["example.com/app/ok"]; ok == nil || ok.IllTyped || len(ok.Syntax) == 0 {
		t.Errorf("want ok analysed, got %+v", ok)
	}
	for _, module := range []string{"bare", "vend", "single"} {
		roots, err := Packages(&packages.Config{Dir: filepath.Join(dir, module), Env: env}, "./...")
		if err != nil {
			t.Fatal(err)
		}
		probs = append(probs, Problems(roots)...)
	}
	lines := problemLines(probs)
	if len(probs) != 4 {
		t.Fatalf("want four problems (go.sum of app, unrequired imports of bare, of vend, of single), got:\n%s", lines)
	}
	for _, want := range []string{
		"go.sum has no entry for the modules of 3 imported packages (example.com/one/p, example.com/three/p, ...), so example.com/app is not analysed: run go mod tidy in module example.com/app",
		"no required module provides 3 imported packages (example.com/nowhere/a, example.com/nowhere/b, ...), so 2 packages (example.com/bare/x, example.com/bare/y) are not analysed: run go mod tidy in module example.com/bare",
		"no required module provides package example.com/nowhere/c;",
		"so example.com/vend/x is not analysed: run go mod tidy and go mod vendor in module example.com/vend",
	} {
		if !strings.Contains(lines, want) {
			t.Errorf("problems lack %q:\n%s", want, lines)
		}
	}
}

// TestUnlistedOwnPackages: imports under the main module's own path that the
// checkout lacks (generated code, not committed) are named as the module's
// own, with no go mod tidy advice, which cannot make them; an import of
// another module beside them keeps the go mod tidy line (mixed).
func TestUnlistedOwnPackages(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"gen/go.mod":   "module example.com/gen\n\ngo 1.22\n",
		"gen/x/x.go":   "package x\n\nimport (\n\ta \"example.com/gen/mocks/a\"\n\tb \"example.com/gen/mocks/b\"\n)\n\nvar X, Y = a.X, b.Y\n",
		"mixed/go.mod": "module example.com/mixed\n\ngo 1.22\n",
		"mixed/x/x.go": "package x\n\nimport (\n\ta \"example.com/mixed/mocks/a\"\n\tb \"example.com/nowhere/b\"\n)\n\nvar X, Y = a.X, b.Y\n",
	})
	env := goEnv("GOPROXY=off", "GOFLAGS=-mod=mod")
	var probs []Problem
	for _, module := range []string{"gen", "mixed"} {
		roots, err := Packages(&packages.Config{Dir: filepath.Join(dir, module), Env: env}, "./...")
		if err != nil {
			t.Fatal(err)
		}
		probs = append(probs, Problems(roots)...)
	}
	lines := problemLines(probs)
	for _, want := range []string{
		"module example.com/gen lacks 2 imported packages (example.com/gen/mocks/a, example.com/gen/mocks/b) of its own, so example.com/gen/x is not analysed: run go generate",
		"(example.com/mixed/mocks/a, example.com/nowhere/b), so example.com/mixed/x is not analysed: run go mod tidy in module example.com/mixed",
	} {
		if !strings.Contains(lines, want) {
			t.Errorf("problems lack %q:\n%s", want, lines)
		}
	}
	if strings.Contains(lines, "tidy in module example.com/gen") {
		t.Errorf("own packages must not be sent to go mod tidy:\n%s", lines)
	}
}
