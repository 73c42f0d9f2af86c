package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"
)

// Repeats reports whether code at n, inside the region's body, can run again on a
// later attempt: anything in a retry callback; in a retry loop or recursive retry,
// code up to the end of the last attempt (code after it runs on the success path,
// once the attempt succeeded).
func (r *Region) Repeats(n ast.Node) bool {
	if r.Kind == CallbackRegion || len(r.Attempts) == 0 {
		return true
	}
	for _, a := range r.Attempts {
		if n.Pos() < a.End() {
			return true
		}
	}
	return false
}

// FuncDecl returns the declaration of a function of this package, or nil.
func (res *Result) FuncDecl(fn *types.Func) *ast.FuncDecl {
	if fn == nil || res.funcs == nil {
		return nil
	}
	if f := res.funcs.byObj[fn.Origin()]; f != nil {
		d, _ := f.node.(*ast.FuncDecl)
		return d
	}
	return nil
}

// Span returns the source range of the code that runs again: the loop statement,
// the recursive function's body, or the callback function (parameters included,
// since each attempt gets them afresh). ok is false when the code is not in this
// package.
func (res *Result) Span(r *Region) (pos, end token.Pos, ok bool) {
	if r.Kind == LoopRegion && r.Loop != nil {
		return r.Loop.Pos(), r.Loop.End(), true
	}
	if r.Kind == CallbackRegion && r.Helper != nil && res.funcs != nil && res.info != nil {
		if cb := res.funcs.of(res.info, r.Helper.Callback); cb != nil {
			return cb.node.Pos(), cb.node.End(), true
		}
	}
	if r.Body != nil {
		return r.Body.Pos(), r.Body.End(), true
	}
	return token.NoPos, token.NoPos, false
}
