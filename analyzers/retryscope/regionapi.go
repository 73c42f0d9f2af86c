package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
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
	return code.FuncDeclOf(res.info, fn)
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

// GoesBack reports whether exit, a statement of the region's body whose
// enclosing nodes (from Body down, as code.WalkStack gives them) are stack, goes
// back to the next attempt: a continue of the region's loop, or an error the
// region's callback returns that its helper retries (not nil, not wrapped as
// permanent; for go-retry wrapped in RetryableError). A helper that classifies
// errors itself may or may not retry it: no.
func (res *Result) GoesBack(r *Region, exit ast.Stmt, stack []ast.Node) bool {
	switch s := exit.(type) {
	case *ast.BranchStmt:
		return s.Tok == token.CONTINUE && s.Label == nil && r.Kind == LoopRegion && r.innermostLoop(stack) == r.loopStmt()
	case *ast.ReturnStmt:
		return r.Kind == CallbackRegion && !inFuncLit(stack) && len(s.Results) > 0 && res.retriedError(r, s.Results[len(s.Results)-1])
	}
	return false
}

// retriedError reports whether the helper of a callback region retries the
// error e its callback returns.
func (res *Result) retriedError(r *Region, e ast.Expr) bool {
	h := r.Helper
	e = ast.Unparen(e)
	if h == nil || res.info == nil || code.IsNil(res.info, e) {
		return false
	}
	lib := h.library()
	if res.helperClassifier(h) != nil {
		return false
	}
	var wrap *types.Func
	if call, ok := e.(*ast.CallExpr); ok {
		wrap = code.Callee(res.info, call)
	}
	if lib != nil && lib.stopsOnError {
		return lib.retryMarker != "" && wrap != nil && wrap.FullName() == lib.retryMarker
	}
	return wrap == nil || res.Knowledge == nil || !res.Knowledge.IsClassifier(wrap)
}

// loopStmt returns the region's for or range statement.
func (r *Region) loopStmt() ast.Node {
	if l, ok := r.Loop.(*ast.LabeledStmt); ok {
		return l.Stmt
	}
	return r.Loop
}

// innermostLoop returns the closest for or range statement enclosing the top of
// the stack inside the region's body (a function literal stops the search).
func (r *Region) innermostLoop(stack []ast.Node) ast.Node {
	if st, ok := r.loopStmt().(ast.Stmt); ok && r.Body == loopBody(st) {
		for i := len(stack) - 1; i >= 0; i-- {
			switch n := stack[i].(type) {
			case *ast.ForStmt, *ast.RangeStmt:
				return n
			case *ast.FuncLit:
				return nil
			}
		}
		return r.loopStmt()
	}
	return nil
}

// inFuncLit reports whether the stack (inside the callback's body) crosses a
// function literal: its returns are not the callback's.
func inFuncLit(stack []ast.Node) bool {
	for _, n := range stack {
		if _, ok := n.(*ast.FuncLit); ok {
			return true
		}
	}
	return false
}
