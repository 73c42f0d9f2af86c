package retryscope

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// callerCountdown returns a ceiling on the attempts of a recursion that counts
// a parameter down by one on every self-call (fetch(ctx, url, left-1)) and
// stops on it (left == 0): the largest constant the function's other calls
// pass for it, plus two, which holds whatever the stop (== 0, <= 0, < 0). It
// returns 0 when the function may be called from elsewhere, or a call passes
// anything but a constant.
func (f *flow) callerCountdown(self []*ast.CallExpr, stop ast.Node) int {
	fn := f.fn.obj
	if fn == nil || !f.res.onlyCalledHere(fn) {
		return 0
	}
	for k, prm := range f.fn.params(f.info) {
		if prm == nil || !mentions(f.info, stop, []types.Object{prm}) || !f.allDecrement(self, k, prm) {
			continue
		}
		if most, ok := f.outsideCeiling(k); ok {
			return most + 2
		}
	}
	return 0
}

// allDecrement reports whether every self-call passes parameter k as prm-1.
func (f *flow) allDecrement(self []*ast.CallExpr, k int, prm types.Object) bool {
	for _, c := range self {
		if k >= len(c.Args) {
			return false
		}
		bin, ok := ast.Unparen(c.Args[k]).(*ast.BinaryExpr)
		if !ok || bin.Op != token.SUB || !code.IsVar(f.info, bin.X, prm) {
			return false
		}
		if v, ok := code.AtMost(f.info, bin.Y); !ok || constant.Compare(v, token.NEQ, constant.MakeInt64(1)) {
			return false
		}
	}
	return len(self) > 0
}

// outsideCeiling returns the largest constant that the calls of the function
// from outside its own body pass as argument k.
func (f *flow) outsideCeiling(k int) (int, bool) {
	most, any := int64(-1), false
	for _, c := range f.res.callsNaming(f.fn.obj) {
		if c.Pos() >= f.fn.body.Pos() && c.End() <= f.fn.body.End() {
			continue
		}
		if c.Ellipsis.IsValid() || k >= len(c.Args) {
			return 0, false
		}
		v, ok := code.AtMost(f.info, c.Args[k])
		n, exact := int64(0), false
		if ok && v.Kind() == constant.Int {
			n, exact = constant.Int64Val(v)
		}
		if !exact {
			return 0, false
		}
		most, any = max(most, n), true
	}
	return int(most), any && most >= 0
}
