package rules

import (
	"go/token"
	"go/types"
	"testing"
)

func funcIn(path, name string) *types.Func {
	pkg := types.NewPackage(path, "p")
	return types.NewFunc(token.NoPos, pkg, name, types.NewSignatureType(nil, nil, nil, nil, nil, false))
}

func methodIn(path, typ, name string) *types.Func {
	pkg := types.NewPackage(path, "p")
	named := types.NewNamed(types.NewTypeName(token.NoPos, pkg, typ, nil), types.NewStruct(nil, nil), nil)
	recv := types.NewVar(token.NoPos, pkg, "r", types.NewPointer(named))
	return types.NewFunc(token.NoPos, pkg, name, types.NewSignatureType(recv, nil, nil, nil, nil, false))
}

// TestMatchFuncByPackage checks the package pre-filter of MatchFunc agrees
// with matching the printed name: exact names, methods, globs in the name and
// in the path, and a glob whose path cannot be told.
func TestMatchFuncByPackage(t *testing.T) {
	m := NewMatcher([]string{
		"github.com/a/b.F",
		"(*github.com/d/e.T).M",
		"github.com/c/*.New",
		"github.com/f/g.Run*",
	})
	wild := NewMatcher([]string{"github.com/z/*"})
	cases := []struct {
		m    *Matcher
		fn   *types.Func
		want bool
	}{
		{m, funcIn("github.com/a/b", "F"), true},
		{m, funcIn("github.com/a/bb", "F"), false},
		{m, funcIn("github.com/a/b", "G"), false},
		{m, methodIn("github.com/d/e", "T", "M"), true},
		{m, methodIn("github.com/d/e", "U", "M"), false},
		{m, funcIn("github.com/c/x/y", "New"), true},
		{m, funcIn("github.com/cc", "New"), false},
		{m, funcIn("github.com/f/g", "RunAll"), true},
		{m, funcIn("github.com/f/gg", "RunAll"), false},
		{wild, funcIn("github.com/z/q", "F"), true},
		{wild, funcIn("github.com/y/q", "F"), false},
	}
	for _, c := range cases {
		if got := c.m.MatchFunc(c.fn); got != c.want {
			t.Errorf("MatchFunc(%s) = %v, want %v", c.fn.FullName(), got, c.want)
		}
		if got := c.m.Match(c.fn.FullName()); got != c.want {
			t.Errorf("Match(%q) = %v, want %v", c.fn.FullName(), got, c.want)
		}
	}
}
