package code

import (
	"go/ast"
	"go/types"
	"testing"
)

const literalSrc = `package p

type pair struct {
	name string
	n    int
}

var keyed = pair{n: 1, name: "k"}
var positional = pair{"p", 2}
var pointers = []*pair{{"e", 3}}
var list = []int{4, 5}
`

// TestLiteralFields checks that a keyed and a positional struct literal
// read the same: the element each field gets, and the field each element
// sets; a slice literal's elements set no field.
func TestLiteralFields(t *testing.T) {
	f, info, pkg := typeCheck(t, literalSrc)
	st := pkg.Scope().Lookup("pair").Type().Underlying().(*types.Struct)
	name, n := st.Field(0), st.Field(1)
	lits := map[string]*ast.CompositeLit{}
	ast.Inspect(f, func(node ast.Node) bool {
		if vs, ok := node.(*ast.ValueSpec); ok {
			lits[vs.Names[0].Name] = vs.Values[0].(*ast.CompositeLit)
		}
		return true
	})
	lits["element"] = lits["pointers"].Elts[0].(*ast.CompositeLit)
	for _, tc := range []struct {
		lit         string
		field       *types.Var
		value       string
		firstSetter *types.Var // the field the first element sets
	}{
		{"keyed", name, `"k"`, n},
		{"keyed", n, "1", n},
		{"positional", name, `"p"`, name},
		{"positional", n, "2", name},
		{"element", n, "3", name},
		{"list", n, "", nil},
	} {
		lit := lits[tc.lit]
		got := ""
		if v := LiteralField(info, lit, tc.field); v != nil {
			got = types.ExprString(v)
		}
		if got != tc.value {
			t.Errorf("LiteralField(%s, %s) = %q, want %q", tc.lit, tc.field.Name(), got, tc.value)
		}
		if set := ElementField(info, lit, lit.Elts[0]); set != tc.firstSetter {
			t.Errorf("ElementField(%s, first) = %v, want %v", tc.lit, set, tc.firstSetter)
		}
	}
}
