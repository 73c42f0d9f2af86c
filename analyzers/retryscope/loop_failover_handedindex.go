package retryscope

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A scan that hands its index to a method of the package that reads the
// element there: `for i := 0; i < len(b.queue); i++ { if v, err :=
// b.tryAt(i); err == nil { return v } }` with `func (b *bank) tryAt(i int)
// { id := b.queue[i]; ... }`. Each round tries another element of the list
// the loop counts through, as `try(b.queue[i])` would: a search for the
// first that works, not the same attempt again. A counter the method only
// logs or compares (an attempt number) selects nothing.

// handsIndexInto reports whether an attempt is a method call on the list's
// owner that takes an index moving with the loop and reads the list's field
// at that parameter.
func (f *flow) handsIndexInto(l *loop, attempts []*ast.CallExpr, list ast.Expr) bool {
	listSel, ok := ast.Unparen(list).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	for _, call := range attempts {
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok || !f.sameReceiver(sel.X, listSel.X) {
			continue
		}
		decl, r := f.methodDecl(sel)
		if decl == nil {
			continue
		}
		field := f.fieldOf(listSel)
		params := Params(f.info, decl.Type)
		for k, arg := range call.Args {
			if k < len(params) && f.indexMoves(l, arg, 0) && f.indexesFieldBy(decl.Body, r, field, params[k]) {
				return true
			}
		}
	}
	return false
}

// fieldOf returns the field a selector reads, as its origin declares it:
// each method of a generic type has its own instance of the field.
func (f *flow) fieldOf(sel *ast.SelectorExpr) *types.Var {
	if s := f.info.Selections[sel]; s != nil && s.Kind() == types.FieldVal {
		if v, ok := s.Obj().(*types.Var); ok {
			return v.Origin()
		}
	}
	return nil
}

// indexesFieldBy reports whether body reads r.field[p].
func (f *flow) indexesFieldBy(body *ast.BlockStmt, r types.Object, field, p *types.Var) bool {
	found := false
	code.Inspect(body, func(n ast.Node) bool {
		if ix, ok := n.(*ast.IndexExpr); ok && field != nil && f.receiverField(ix.X, r) == field && code.VarOf(f.info, ix.Index) == p {
			found = true
		}
		return !found
	})
	return found
}
