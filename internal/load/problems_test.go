package load

import (
	"maps"
	"os"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

// workspace is a go.work workspace of two modules. Module b requires
// example.com/gone, replaced by a directory that does not exist: the go command
// then cannot build the workspace's module graph, and every package that needs a
// module other than the workspace's own (a/y, through example.com/ok) fails to
// load, not only b/p. a/x and b/q import only the standard library.
var workspace = map[string]string{
	"go.work":   "go 1.22\n\nuse (\n\t./a\n\t./b\n)\n",
	"a/go.mod":  "module example.com/a\n\ngo 1.22\n\nrequire example.com/ok v1.0.0\n\nreplace example.com/ok => ../ok\n",
	"a/x/x.go":  "package x\n\nimport \"fmt\"\n\nfunc F() { fmt.Println() }\n",
	"a/y/y.go":  "package y\n\nimport \"example.com/ok\"\n\nfunc F() { ok.F() }\n",
	"ok/go.mod": "module example.com/ok\n\ngo 1.22\n",
	"ok/ok.go":  "package ok\n\nfunc F() {}\n",
	"b/go.mod":  "module example.com/b\n\ngo 1.22\n\nrequire example.com/gone v1.0.0\n\nreplace example.com/gone => ../gone\n",
	"b/p/p.go":  "package p\n\nimport \"example.com/gone\"\n\nfunc F() { gone.F() }\n",
	"b/q/q.go":  "package q\n\nimport \"fmt\"\n\nfunc G() { fmt.Println() }\n",
}

// goEnv is the environment of the go command in these tests: the workspace
// file is found from the directory, nothing is downloaded.
func goEnv(extra ...string) []string {
	return append(os.Environ(), append([]string{"GOWORK=", "GOFLAGS=", "GOPROXY=off"}, extra...)...)
}

// TestUnavailableModule: one module that cannot be had is one problem, naming
// the module and the requested packages that need it; the others load.
func TestUnavailableModule(t *testing.T) {
	dir := writeTree(t, workspace)
	roots, err := Packages(&packages.Config{Dir: dir, Env: goEnv()}, "./a/...", "./b/...")
	if err != nil {
		t.Fatal(err)
	}
	probs := Problems(roots)
	if len(probs) != 1 {
		t.Fatalf("want one problem, got %d:\n%s", len(probs), problemLines(probs))
	}
	p := probs[0]
	if want := []string{"example.com/a/y", "example.com/b/p"}; p.Module != "example.com/gone@v1.0.0" || !slices.Equal(p.Blocked, want) {
		t.Errorf("want module example.com/gone@v1.0.0 blocking %v, got %+v", want, p)
	}
	line := p.String()
	for _, want := range []string{"module example.com/gone@v1.0.0 is not available", "2 packages (example.com/a/y, example.com/b/p)"} {
		if !strings.Contains(line, want) {
			t.Errorf("line %q lacks %q", line, want)
		}
	}
	for _, q := range roots {
		ok := q.PkgPath == "example.com/a/x" || q.PkgPath == "example.com/b/q"
		if ok && (q.IllTyped || len(q.Syntax) == 0) {
			t.Errorf("%s: want it loaded, got errors %v", q.PkgPath, q.Errors)
		}
	}
}

// TestBrokenPackageBlocksImporters: a type error is one problem, in the broken
// package, which counts the requested packages that import it.
func TestBrokenPackageBlocksImporters(t *testing.T) {
	dir := writeModule(t, map[string]string{
		"bad/bad.go":   "package bad\n\nfunc F() int { return \"x\" }\n\nfunc G() int { return \"y\" }\n",
		"user/user.go": "package user\n\nimport \"example.com/app/bad\"\n\nvar X = bad.F()\n",
		"ok/ok.go":     "package ok\n",
	})
	roots, err := Packages(&packages.Config{Dir: dir}, "./...")
	if err != nil {
		t.Fatal(err)
	}
	probs := Problems(roots)
	if len(probs) != 1 || probs[0].Package != "example.com/app/bad" || probs[0].More != 1 ||
		!slices.Equal(probs[0].Blocked, []string{"example.com/app/user"}) || !strings.HasSuffix(probs[0].Pos, "bad.go:3:23") {
		t.Fatalf("want one problem in bad (2 errors) blocking user, got:\n%s", problemLines(probs))
	}
	if got := probs[0].String(); !strings.Contains(got, "bad.go:3:23: cannot use") || !strings.Contains(got, "(and 1 more)") ||
		!strings.Contains(got, "1 package (example.com/app/user) that imports it is not analysed") {
		t.Errorf("line: %s", got)
	}
}

// TestBrokenPackageWithTestsOnce: a broken package that has tests is loaded
// twice (the package and its test variant); its error is still one problem,
// and an importer's test variant adds no second one.
func TestBrokenPackageWithTestsOnce(t *testing.T) {
	dir := writeModule(t, map[string]string{
		"bad/bad.go":        "package bad\n\nfunc F() int { return \"x\" }\n",
		"bad/bad_test.go":   "package bad\n\nimport \"testing\"\n\nfunc TestF(t *testing.T) { F() }\n",
		"user/user.go":      "package user\n\nimport \"example.com/app/bad\"\n\nvar X = bad.F()\n",
		"user/user_test.go": "package user\n\nimport \"testing\"\n\nfunc TestX(t *testing.T) { _ = X }\n",
	})
	roots, err := Packages(&packages.Config{Dir: dir, Tests: true}, "./...")
	if err != nil {
		t.Fatal(err)
	}
	probs := Problems(roots)
	if len(probs) != 1 || probs[0].Package != "example.com/app/bad" ||
		!slices.Equal(probs[0].Blocked, []string{"example.com/app/user"}) {
		t.Fatalf("want one problem in bad blocking user, got:\n%s", problemLines(probs))
	}
}

// TestVanishedDirectory: a working directory removed during the run is one
// error, not one per package.
func TestVanishedDirectory(t *testing.T) {
	dir := writeModule(t, map[string]string{
		"a/a.go": "package a\n\nimport \"fmt\"\n\nfunc F() { fmt.Println() }\n",
		"b/b.go": "package b\n\nimport \"fmt\"\n\nfunc F() { fmt.Println() }\n",
	})
	testHookAfterList = func() { os.RemoveAll(dir) }
	defer func() { testHookAfterList = nil }()
	_, err := Packages(&packages.Config{Dir: dir}, "./...")
	if err == nil || !strings.Contains(err.Error(), dir+" does not exist") || strings.Contains(err.Error(), "\n") {
		t.Fatalf("want one line saying %s does not exist, got %v", dir, err)
	}
	testHookAfterList = nil
	if _, err := Packages(&packages.Config{Dir: dir}, "./..."); err == nil || !strings.Contains(err.Error(), "does not exist") {
		t.Fatalf("before the run: want an error saying %s does not exist, got %v", dir, err)
	}
}

// buildFlagsModule needs go_test.mod (it requires example.com/lib) and the
// build tag "extra" (b.go defines B only then).
var buildFlagsModule = map[string]string{
	"go_test.mod": "module example.com/app\n\ngo 1.22\n\nrequire example.com/lib v1.0.0\n\nreplace example.com/lib => ./lib\n",
	"lib/go.mod":  "module example.com/lib\n\ngo 1.22\n",
	"lib/lib.go":  "package lib\n\nfunc F() int { return 1 }\n",
	"a/a.go":      "package a\n\nimport \"example.com/lib\"\n\nvar A = lib.F() + B\n",
	"a/b.go":      "//go:build extra\n\npackage a\n\nconst B = 1\n",
}

// TestBuildFlags: -modfile and -tags pass to the go command, as build flags or
// in GOFLAGS (where -modfile used to fail: golang/go#48482).
func TestBuildFlags(t *testing.T) {
	dir := writeModule(t, maps.Clone(buildFlagsModule))
	for _, c := range []struct {
		name  string
		flags []string
		env   []string
	}{
		{"flags", []string{"-modfile=go_test.mod", "-tags=extra"}, nil},
		{"GOFLAGS", nil, []string{"GOFLAGS=-modfile=go_test.mod -tags=extra"}},
		{"both", []string{"-tags=extra"}, []string{"GOFLAGS=-mod=readonly -modfile=go_test.mod"}},
	} {
		roots, err := Packages(&packages.Config{Dir: dir, BuildFlags: c.flags, Env: append(os.Environ(), c.env...)}, "./a")
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if probs := Problems(roots); len(probs) > 0 {
			t.Errorf("%s: want a to load, got:\n%s", c.name, problemLines(probs))
		}
	}
	roots, err := Packages(&packages.Config{Dir: dir}, "./a")
	if err != nil {
		t.Fatal(err)
	}
	if len(Problems(roots)) != 1 {
		t.Errorf("without the flags: want one problem, got %d", len(Problems(roots)))
	}
}

func problemLines(probs []Problem) string {
	var b strings.Builder
	for _, p := range probs {
		b.WriteString(p.String() + "\n")
	}
	return b.String()
}

// TestNoMetadataOnce: packages that go list left without metadata for an
// import fail alike; that is one problem, not one per package.
func TestNoMetadataOnce(t *testing.T) {
	var roots []*packages.Package
	for _, name := range []string{"a", "b", "c"} {
		roots = append(roots, &packages.Package{
			ID: "example.com/" + name, PkgPath: "example.com/" + name, IllTyped: true,
			Errors: []packages.Error{{Pos: name + "/x.go:3:8", Msg: "could not import fmt (go list gave no metadata for fmt)", Kind: packages.TypeError}},
		})
	}
	probs := Problems(roots)
	if len(probs) != 1 || len(probs[0].Blocked) != 3 {
		t.Fatalf("want one problem blocking 3 packages, got:\n%s", problemLines(probs))
	}
}

// TestGoModNeedsUpdate: when go list fails before listing anything (a go.mod
// that lacks a requirement its dependencies need), the error is the go
// command's, with its fix, not "matched no packages".
func TestGoModNeedsUpdate(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"m/go.mod":   "module example.com/m\n\ngo 1.22\n\nrequire example.com/ok v1.0.0\n\nreplace example.com/ok => ../ok\n\nreplace example.com/dep => ../dep\n",
		"m/m.go":     "package m\n\nimport \"example.com/ok\"\n\nfunc F() { ok.F() }\n",
		"ok/go.mod":  "module example.com/ok\n\ngo 1.22\n\nrequire example.com/dep v1.0.0\n",
		"ok/ok.go":   "package ok\n\nimport \"example.com/dep\"\n\nfunc F() { dep.F() }\n",
		"dep/go.mod": "module example.com/dep\n\ngo 1.22\n",
		"dep/dep.go": "package dep\n\nfunc F() {}\n",
	})
	_, err := Packages(&packages.Config{Dir: dir + "/m", Env: goEnv()}, "./...")
	if err == nil || !strings.Contains(err.Error(), "go mod tidy") || strings.Contains(err.Error(), "\n") {
		t.Fatalf("want one line naming go mod tidy, got %v", err)
	}
}

// TestTypeErrorsAfterBrokenImport: a package whose import is broken (here, a
// file that does not parse) gets type errors of its own from it ("undefined:
// bad.F"); those follow from the import, whose cause is the one problem.
func TestTypeErrorsAfterBrokenImport(t *testing.T) {
	dir := writeModule(t, map[string]string{
		"bad/bad.go":   "package bad\n\nfunc F() int { return 1\n",
		"user/user.go": "package user\n\nimport \"example.com/app/bad\"\n\nvar X = bad.F()\n",
	})
	roots, err := Packages(&packages.Config{Dir: dir}, "./...")
	if err != nil {
		t.Fatal(err)
	}
	probs := Problems(roots)
	if len(probs) != 1 || probs[0].Package != "example.com/app/bad" ||
		!slices.Equal(probs[0].Blocked, []string{"example.com/app/user"}) {
		t.Fatalf("want one problem in bad blocking user, got:\n%s", problemLines(probs))
	}
}

// TestTypeErrorsAfterUnavailableModule: when the go command could not give
// an import (its module cannot be downloaded), the importer's "undefined:
// dep.F" is no cause of its own: the one problem names the module.
func TestTypeErrorsAfterUnavailableModule(t *testing.T) {
	dep := &packages.Package{ID: "example.com/dep", PkgPath: "example.com/dep", Errors: []packages.Error{{
		Pos: "-", Kind: packages.ListError,
		Msg: "user/user.go:3:8: example.com/dep@v1.0.0: reading https://proxy.example/example.com/dep/@v/v1.0.0.zip: 403 Forbidden",
	}}}
	user := &packages.Package{
		ID: "example.com/user", PkgPath: "example.com/user", IllTyped: true,
		Imports: map[string]*packages.Package{"example.com/dep": dep},
		Errors:  []packages.Error{{Pos: "user/user.go:5:13", Msg: "undefined: dep.F", Kind: packages.TypeError}},
	}
	probs := Problems([]*packages.Package{user})
	if len(probs) != 1 || probs[0].Module != "example.com/dep@v1.0.0" ||
		!slices.Equal(probs[0].Blocked, []string{"example.com/user"}) {
		t.Fatalf("want one problem naming example.com/dep@v1.0.0 and blocking user, got:\n%s", problemLines(probs))
	}
}

// TestOneModuleTwoWordings: the go command words a module it cannot download
// differently for its go.mod and for its source; that is still one problem.
func TestOneModuleTwoWordings(t *testing.T) {
	missing := func(id, what string) *packages.Package {
		return &packages.Package{ID: id, PkgPath: id, Errors: []packages.Error{{Pos: "-", Kind: packages.ListError,
			Msg: "a.go:3:2: example.com/gone@v1.0.0: reading https://proxy.golang.org/example.com/gone/@v/v1.0.0." + what + ": 403 Forbidden"}}}
	}
	probs := Problems([]*packages.Package{missing("example.com/a", "zip"), missing("example.com/b", "mod")})
	if len(probs) != 1 || probs[0].Module != "example.com/gone@v1.0.0" ||
		!slices.Equal(probs[0].Blocked, []string{"example.com/a", "example.com/b"}) {
		t.Fatalf("want one problem for example.com/gone@v1.0.0 blocking a and b, got:\n%s", problemLines(probs))
	}
}

// TestBrokenDependencyPackagesOnce: packages of one dependency module that
// do not build and keep the same packages from the analysis are one line,
// which counts the others; a main-module package that does not build stays a
// line of its own.
func TestBrokenDependencyPackagesOnce(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"app/go.mod":       "module example.com/app\n\ngo 1.22\n\nrequire example.com/dep v1.0.0\n\nreplace example.com/dep => ../dep\n",
		"app/user/user.go": "package user\n\nimport (\n\t\"example.com/dep/one\"\n\t\"example.com/dep/two\"\n)\n\nvar X = one.F() + two.F()\n",
		"app/bad/bad.go":   "package bad\n\nfunc F() int { return \"x\" }\n",
		"app/ok/ok.go":     "package ok\n",
		"dep/go.mod":       "module example.com/dep\n\ngo 1.22\n",
		"dep/one/one.go":   "package one\n\nimport \"fmt\"\nimport fmt \"strings\"\n\nfunc F() int { return fmt.Len }\n",
		"dep/two/two.go":   "package two\n\nimport \"fmt\"\nimport fmt \"strings\"\n\nfunc F() int { return fmt.Len }\n",
	})
	roots, err := Packages(&packages.Config{Dir: dir + "/app", Env: goEnv()}, "./...")
	if err != nil {
		t.Fatal(err)
	}
	probs := Problems(roots)
	if len(probs) != 2 {
		t.Fatalf("want two problems (bad; dep/one and dep/two as one), got:\n%s", problemLines(probs))
	}
	var dep Problem
	for _, p := range probs {
		if strings.HasPrefix(p.Package, "example.com/dep/") {
			dep = p
		}
	}
	if dep.Alike != 1 || !slices.Equal(dep.Blocked, []string{"example.com/app/user"}) {
		t.Fatalf("want dep's two packages as one problem blocking user, got:\n%s", problemLines(probs))
	}
	if got := dep.String(); !strings.Contains(got, "and 1 more of module example.com/dep do not build, so 1 package (example.com/app/user) that imports them is not analysed") {
		t.Errorf("line: %s", got)
	}
}

// TestNothingAnalysed: a main module none of whose requested packages is
// analysed is said once; a module of which one is analysed is not, nor one of
// a single package (its problem names it).
func TestNothingAnalysed(t *testing.T) {
	pkg := func(path, module string, illTyped bool) *packages.Package {
		return &packages.Package{ID: path, PkgPath: path, IllTyped: illTyped, Module: &packages.Module{Path: module, Main: true}}
	}
	roots := []*packages.Package{
		pkg("example.com/a/x", "example.com/a", false),
		pkg("example.com/a/y", "example.com/a", true),
		pkg("example.com/b/p", "example.com/b", true),
		pkg("example.com/b/q", "example.com/b", true),
		pkg("example.com/b/q_test", "example.com/b", true),
		pkg("example.com/c", "example.com/c", true),
	}
	got := NothingAnalysed(roots)
	want := []string{"nothing of module example.com/b was analysed: the problems above keep out all 2 of its requested packages"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}
