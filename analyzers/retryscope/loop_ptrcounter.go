package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A counter behind a pointer bounds a loop like a local one:
//
//	for *attempts > 0 {
//		resp, err := r.do(ctx)
//		*attempts--
//		...
//	}
//
// The caller hands the budget down so that several layers draw from one
// count; the loop spends it through the pointer. The rule: a condition that
// leaves the loop reads an integer through a pointer variable (*p), the loop
// changes that integer through the same variable (*p--, *p -= 1, *p = n),
// and never points the variable elsewhere. A pointee the loop only reads, or
// one changed through another pointer, is no counter of this loop.

// countsThroughPointer reports whether cond reads an integer through a
// pointer that the loop changes the pointee of (see above).
func (f *flow) countsThroughPointer(l *loop, cond ast.Expr) bool {
	found := false
	code.Inspect(cond, func(n ast.Node) bool {
		if star, ok := n.(*ast.StarExpr); ok && !found {
			if p := code.VarOf(f.info, star.X); p != nil && code.IsInteger(f.info.TypeOf(star)) && f.spendsPointee(l, p) {
				found = true
			}
		}
		return !found
	})
	return found
}

// spendsPointee reports whether the loop assigns to *p and never to p.
func (f *flow) spendsPointee(l *loop, p *types.Var) bool {
	spends := false
	for _, d := range code.DefsIn(f.info, l.pos, l.end) {
		if d.Func != f.fn.node {
			continue
		}
		if d.Var == p {
			return false // p points elsewhere: another count
		}
		if star, ok := ast.Unparen(d.Lhs).(*ast.StarExpr); ok && code.VarOf(f.info, star.X) == p && d.Op != token.VAR {
			spends = true
		}
	}
	return spends
}
