package code

import (
	"go/ast"
	"go/types"
	"slices"
)

// A struct literal sets its fields by name (T{f: v}) or by position (T{v,
// w}: the i-th element sets the struct's i-th field, every field in order).
// Both forms store the same value in the same field, so a reading of one
// reads the other.

// LiteralField returns the value a struct literal gives field f, keyed or
// positional, or nil.
func LiteralField(info *types.Info, lit *ast.CompositeLit, f *types.Var) ast.Expr {
	st := literalStruct(info, lit)
	if st == nil {
		return nil
	}
	for i := range st.NumFields() {
		if st.Field(i) != f {
			continue
		}
		if v := KeyedValue(lit, f.Name()); v != nil {
			return v
		}
		if i < len(lit.Elts) {
			if _, keyed := lit.Elts[i].(*ast.KeyValueExpr); !keyed {
				return lit.Elts[i]
			}
		}
	}
	return nil
}

// ElementField returns the field that el, an element of the struct literal
// lit, sets: the key's field of a keyed element, the field at its position
// of a positional one; nil when el is not an element of a struct literal.
func ElementField(info *types.Info, lit *ast.CompositeLit, el ast.Expr) *types.Var {
	if kv, ok := el.(*ast.KeyValueExpr); ok {
		id, _ := kv.Key.(*ast.Ident)
		if id == nil {
			return nil
		}
		f, _ := info.Uses[id].(*types.Var)
		if f == nil || !f.IsField() {
			return nil
		}
		return f
	}
	st := literalStruct(info, lit)
	i := slices.Index(lit.Elts, el)
	if st == nil || i < 0 || i >= st.NumFields() {
		return nil
	}
	return st.Field(i)
}

// literalStruct returns the struct type a composite literal builds, or nil.
func literalStruct(info *types.Info, lit *ast.CompositeLit) *types.Struct {
	typ := info.TypeOf(lit)
	if p, ok := typ.(*types.Pointer); ok { // an element of []*T{{...}}
		typ = p.Elem()
	}
	if typ == nil {
		return nil
	}
	st, _ := typ.Underlying().(*types.Struct)
	return st
}

// FuncLitOf returns the function literal e is, directly or through a local
// variable assigned once, by name, to that literal and never otherwise
// (f := func() error { ... }; retry(f)), or nil.
func FuncLitOf(info *types.Info, e ast.Expr) *ast.FuncLit {
	if lit, ok := ast.Unparen(e).(*ast.FuncLit); ok {
		return lit
	}
	v := VarOf(info, e)
	if v == nil || v.IsField() || v.Parent() == nil || v.Pkg() == nil || v.Parent() == v.Pkg().Scope() {
		return nil
	}
	d, ok := SoleDef(info, v)
	if !ok || !d.Replaces() || !d.ByName() {
		return nil
	}
	lit, _ := ast.Unparen(d.Value).(*ast.FuncLit)
	return lit
}
