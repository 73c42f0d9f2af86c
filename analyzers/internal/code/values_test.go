package code

import (
	"go/ast"
	"go/types"
	"strings"
	"testing"

	"golang.org/x/tools/go/ast/inspector"
)

const valuesSrc = `package p

type conns struct {
	dial  func() error
	Open  func() error
	addr  func() error
	count int
}

func dialA() error { return nil }
func dialB() error { return nil }

var hook func() error
var Exported = dialA
var bumped = 1

func build(p func() error) *conns {
	c := &conns{dial: dialA, Open: dialA}
	c.dial = dialB
	hook = dialB
	bumped++
	c.addr = p
	_ = &c.count
	return c
}
`

// TestAllValues checks the values the package gives a field or package
// variable, and the ones it cannot vouch for.
func TestAllValues(t *testing.T) {
	f, info, pkg := typeCheck(t, valuesSrc)
	Register(info, inspector.New([]*ast.File{f}))
	conns := pkg.Scope().Lookup("conns").Type().Underlying().(*types.Struct)
	field := func(name string) *types.Var {
		for i := range conns.NumFields() {
			if conns.Field(i).Name() == name {
				return conns.Field(i)
			}
		}
		t.Fatalf("no field %s", name)
		return nil
	}
	pkgVar := func(name string) *types.Var { return pkg.Scope().Lookup(name).(*types.Var) }
	for _, tc := range []struct {
		v    *types.Var
		want string // "" when not all values are known
	}{
		{field("dial"), "dialB dialA"}, // an assignment, then a literal
		{field("addr"), "p"},           // a parameter is a value; its caller decides
		{pkgVar("hook"), "dialB"},      // the declaration's zero value adds none
		{field("Open"), ""},            // exported: another package may set it
		{pkgVar("Exported"), ""},       // likewise
		{pkgVar("bumped"), ""},         // updated, not replaced
		{field("count"), ""},           // its address is taken
	} {
		vals, ok := AllValues(info, tc.v)
		var got []string
		for _, e := range vals {
			got = append(got, types.ExprString(e))
		}
		if s := strings.Join(got, " "); ok != (tc.want != "") || s != tc.want {
			t.Errorf("AllValues(%s) = %q, %v; want %q", tc.v.Name(), s, ok, tc.want)
		}
	}
}
