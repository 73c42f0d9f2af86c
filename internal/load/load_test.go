package load

import (
	"go/types"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/go/packages"
)

// writeModule writes files (path: content) under a new module example.com/app.
func writeModule(t *testing.T, files map[string]string) string {
	t.Helper()
	files["go.mod"] = "module example.com/app\n\ngo 1.22\n"
	return writeTree(t, files)
}

// writeTree writes files (path: content) into a new directory.
func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func byPath(roots []*packages.Package) map[string]*packages.Package {
	m := make(map[string]*packages.Package)
	packages.Visit(roots, nil, func(p *packages.Package) { m[p.ID] = p })
	return m
}

func TestSourceAndExportData(t *testing.T) {
	dir := writeModule(t, map[string]string{
		"a/a.go": "package a\n\nimport (\n\t\"net/http\"\n\n\t\"example.com/app/b\"\n)\n\nvar C = &http.Client{}\n\nfunc F() int { return b.G() }\n",
		"b/b.go": "package b\n\nimport \"fmt\"\n\nfunc G() int { fmt.Println(); return 1 }\n",
	})
	roots, err := Packages(&packages.Config{Dir: dir}, "./a")
	if err != nil {
		t.Fatal(err)
	}
	pkgs := byPath(roots)
	for _, id := range []string{"example.com/app/a", "example.com/app/b"} {
		p := pkgs[id]
		if p == nil || len(p.Syntax) == 0 || p.TypesInfo == nil || len(p.TypesInfo.Defs) == 0 || !p.Types.Complete() || len(p.Errors) > 0 {
			t.Errorf("%s: want syntax and complete types from source, got %+v", id, p)
		}
	}
	for _, id := range []string{"net/http", "fmt"} {
		p := pkgs[id]
		if p == nil || len(p.Syntax) != 0 || p.Imports != nil || p.Types == nil || p.Types.Scope().Lookup("Client") == nil && id == "net/http" {
			t.Errorf("%s: want export data only (types, no syntax, no imports), got %+v", id, p)
		}
	}
	// The analysed package and export data agree on the one http.Client type.
	a := pkgs["example.com/app/a"].Types
	client := pkgs["net/http"].Types.Scope().Lookup("Client").Type()
	if got := a.Scope().Lookup("C").Type().String(); got != "*net/http.Client" {
		t.Fatalf("C has type %s", got)
	}
	if imp := a.Imports(); !containsPkg(imp, pkgs["net/http"].Types) || client == nil {
		t.Errorf("a imports a copy of net/http, not the loaded one")
	}
}

func containsPkg(list []*types.Package, p *types.Package) bool {
	for _, q := range list {
		if q == p {
			return true
		}
	}
	return false
}

// TestVersionedModuleFromExportData: a module from the module cache (here
// gopkg.in/yaml.v3, a dependency of retrylint itself) is not analysed code.
func TestVersionedModuleFromExportData(t *testing.T) {
	roots, err := Packages(&packages.Config{Dir: "../.."}, "./internal/rules")
	if err != nil {
		t.Fatal(err)
	}
	pkgs := byPath(roots)
	if p := pkgs["gopkg.in/yaml.v3"]; p == nil || len(p.Syntax) != 0 || !External(p) {
		t.Errorf("gopkg.in/yaml.v3: want an external package from export data, got %+v", p)
	}
	if p := pkgs["github.com/retrylint/retrylint/internal/rules"]; p == nil || len(p.Syntax) == 0 || External(p) {
		t.Errorf("internal/rules: want source, got %+v", p)
	}
}

// TestBrokenCode: errors have positions, the compiler's copy of them is
// dropped, importers are ill-typed too, and an import cycle does not hang.
func TestBrokenCode(t *testing.T) {
	dir := writeModule(t, map[string]string{
		"bad/bad.go":   "package bad\n\nfunc F() int { return \"x\" }\n",
		"user/user.go": "package user\n\nimport \"example.com/app/bad\"\n\nvar X = bad.F()\n",
		"c/c.go":       "package c\n\nimport _ \"example.com/app/d\"\n",
		"d/d.go":       "package d\n\nimport _ \"example.com/app/c\"\n",
		"syn/syn.go":   "package syn\n\nfunc (\n",
	})
	done := make(chan struct{})
	var roots []*packages.Package
	var err error
	go func() {
		defer close(done)
		roots, err = Packages(&packages.Config{Dir: dir}, "./...")
	}()
	select {
	case <-done:
	case <-time.After(2 * time.Minute):
		t.Fatal("Packages did not return: an import cycle deadlocked the loader?")
	}
	if err != nil {
		t.Fatal(err)
	}
	pkgs := byPath(roots)
	bad := pkgs["example.com/app/bad"]
	if bad == nil || len(bad.Errors) != 1 || bad.Errors[0].Kind != packages.TypeError ||
		!strings.HasSuffix(bad.Errors[0].Pos, "bad.go:3:23") || !bad.IllTyped {
		t.Errorf("bad: want one type error at bad.go:3:23, got %+v", bad.Errors)
	}
	if user := pkgs["example.com/app/user"]; user == nil || len(user.Errors) != 0 || !user.IllTyped {
		t.Errorf("user: want no errors of its own but ill-typed through bad, got %+v", user)
	}
	if syn := pkgs["example.com/app/syn"]; syn == nil || len(syn.Errors) == 0 || syn.Errors[0].Kind != packages.ParseError {
		t.Errorf("syn: want a parse error, got %+v", syn)
	}
	if c := pkgs["example.com/app/c"]; c == nil || len(c.Errors) == 0 {
		t.Errorf("c: want the import cycle reported, got %+v", c)
	}
}

// TestMissingPackage: a pattern naming no package yields a root with an error,
// as go/packages does, for the driver to report.
func TestMissingPackage(t *testing.T) {
	dir := writeModule(t, map[string]string{"a/a.go": "package a\n"})
	roots, err := Packages(&packages.Config{Dir: dir}, "./nosuch")
	if err != nil {
		t.Fatal(err)
	}
	if len(roots) != 1 || len(roots[0].Errors) == 0 || !strings.Contains(roots[0].Errors[0].Msg, "nosuch") {
		t.Errorf("want one root whose error names nosuch, got %+v", roots)
	}
}

// TestColdBuildCache: with an empty build cache nothing is compiled; the
// dependencies, cgo packages among them, are type-checked from source without
// bodies and the analysed code type-checks against them.
func TestColdBuildCache(t *testing.T) {
	dir := writeModule(t, map[string]string{
		"a/a.go": "package a\n\nimport (\n\t\"net/http\"\n\t\"os/user\"\n)\n\nvar C = &http.Client{}\n\nfunc U() (*user.User, error) { return user.Current() }\n",
	})
	env := append(os.Environ(), "GOCACHE="+t.TempDir())
	roots, err := Packages(&packages.Config{Dir: dir, Env: env}, "./a")
	if err != nil {
		t.Fatal(err)
	}
	if probs := Problems(roots); len(probs) > 0 {
		t.Fatalf("want a to load, got %v", probs)
	}
	pkgs := byPath(roots)
	for _, id := range []string{"net/http", "os/user"} {
		p := pkgs[id]
		if p == nil || p.ExportFile != "" || len(p.Syntax) != 0 || p.Types == nil || !p.Types.Complete() {
			t.Errorf("%s: want types from source, no export data (nothing compiled), no syntax; got %+v", id, p)
		}
	}
	if got := pkgs["example.com/app/a"].Types.Scope().Lookup("C").Type().String(); got != "*net/http.Client" {
		t.Errorf("C has type %s", got)
	}
}

// TestColdCgoPackage: an analysed package that uses cgo is checked with cgo's
// output even when the build cache holds none (go list -n does not run cgo).
func TestColdCgoPackage(t *testing.T) {
	if out, err := exec.Command("go", "env", "CGO_ENABLED").Output(); err != nil || strings.TrimSpace(string(out)) != "1" {
		t.Skip("cgo is not enabled")
	}
	dir := writeModule(t, map[string]string{
		// Without cgo's output the fake package C leaves p's result invalid,
		// and *p() an error ("cannot indirect"), as net's _C_ai_socktype was.
		"c/c.go": "package c\n\n// static int two = 2;\nimport \"C\"\n\nfunc p() *C.int { return &C.two }\n\nfunc Two() int { return int(*p()) }\n",
	})
	env := append(os.Environ(), "GOCACHE="+t.TempDir())
	roots, err := Packages(&packages.Config{Dir: dir, Env: env}, "./c")
	if err != nil {
		t.Fatal(err)
	}
	if probs := Problems(roots); len(probs) > 0 {
		t.Fatalf("want c to load, got %v", probs)
	}
}
