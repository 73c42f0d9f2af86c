package code

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"
)

// AllValues returns every value the package gives an unexported field or
// package-level variable: its assignments (v = e, x.f = e, var v = e) and,
// for a field, the struct literals (keyed or not) that set it. ok is false
// when the package cannot see them all: the name is exported (another
// package may assign it), the field belongs to a generic type, an assignment
// updates the old value or takes one out of a tuple it cannot split, or
// something writes it through a pointer. A declaration without a value adds
// none (the zero value).
func AllValues(info *types.Info, v *types.Var) (vals []ast.Expr, ok bool) {
	t := TreeOf(info)
	if t == nil || t.in == nil || v.Exported() || v.Origin() != v || fieldWrittenAside(info, t, v) {
		return nil, false
	}
	for _, d := range DefsOf(info, v) {
		switch {
		case !d.Replaces():
			return nil, false
		case d.Value == nil && d.Op == token.VAR:
		case d.Value == nil:
			return nil, false
		default:
			vals = append(vals, d.Value)
		}
	}
	if !v.IsField() {
		return vals, true
	}
	t.inspect(t.in.Root(), []ast.Node{(*ast.CompositeLit)(nil)}, func(c inspector.Cursor) bool {
		if e := LiteralField(info, c.Node().(*ast.CompositeLit), v); e != nil {
			vals = append(vals, e)
		}
		return true
	})
	return vals, true
}
