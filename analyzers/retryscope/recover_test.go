package retryscope

import (
	"go/token"
	"go/types"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// TestGuard: a panic of the engine becomes an empty Result whose Err names the
// engine, the place it panicked and the package, and run returns no error, so
// that importers of the package are not failed with it.
func TestGuard(t *testing.T) {
	pass := &analysis.Pass{Fset: token.NewFileSet(), Pkg: types.NewPackage("example.com/p", "p")}
	panicking := func() (result any, err error) {
		defer guard(pass, &result, &err)
		var regions []*Region
		return regions[3], nil // index out of range
	}
	result, err := panicking()
	if err != nil {
		t.Fatalf("err = %v, want nil", err)
	}
	res, ok := result.(*Result)
	if !ok || res.Err == nil {
		t.Fatalf("result = %#v, want a *Result with Err", result)
	}
	want := "retrylint: retryscope panicked at retryscope/recover_test.go:"
	if msg := res.Err.Error(); !strings.HasPrefix(msg, want) || !strings.Contains(msg, "(package example.com/p): runtime error: index out of range") {
		t.Errorf("Err = %q, want %q... (package example.com/p): runtime error: index out of range...", msg, want)
	}
	if res.Knowledge == nil || res.Ignores == nil || len(res.Regions) != 0 || len(res.Ignores.Directives()) != 0 {
		t.Errorf("the Result of a panic must be empty but usable: %#v", res)
	}
	if res.Ignores.Covers(token.NoPos, "retryall") {
		t.Error("an empty Ignores covers nothing")
	}
}

// TestGuardKeepsIndex: a panic after the function index was built keeps it,
// so that what does not depend on regions (HasDeadline, which httptimeout
// asks) still answers; a panic before it leaves an empty index.
func TestGuardKeepsIndex(t *testing.T) {
	pass := &analysis.Pass{Fset: token.NewFileSet(), Pkg: types.NewPackage("example.com/p", "p")}
	ix := &funcIndex{}
	panicking := func(built bool) (result any, err error) {
		defer guard(pass, &result, &err)
		res := &Result{}
		result = res
		if built {
			res.funcs = ix
		}
		var regions []*Region
		return regions[3], nil
	}
	for _, built := range []bool{true, false} {
		result, _ := panicking(built)
		res, ok := result.(*Result)
		if !ok || res.Err == nil || res.funcs == nil {
			t.Fatalf("built=%v: result = %#v, want a *Result with Err and an index", built, result)
		}
		if (res.funcs == ix) != built {
			t.Errorf("built=%v: kept index = %v", built, res.funcs == ix)
		}
	}
}
