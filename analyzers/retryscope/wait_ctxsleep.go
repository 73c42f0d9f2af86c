package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/cfg"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A wait through a helper that fails only with its context's error.
//
// A loop often waits through a helper of the module that waits its duration
// parameter (wait_durparam.go) and returns its context's error when that
// context ends first:
//
//	func sleepCtx(ctx context.Context, d time.Duration) error {
//		select {
//		case <-ctx.Done():
//			return ctx.Err()
//		case <-time.After(d):
//			return nil
//		}
//	}
//
// When every error the helper returns is ctx.Err() (or context.Cause(ctx))
// of one context parameter, and nil is its only other answer, a loop that
// leaves when the helper fails (if err := sleepCtx(ctx, d); err != nil {
// return err }) ends with the context it hands the helper, as with a
// ctx.Err() check of its own: that is the loop's deadline (Bound.Deadline),
// local when that context got one in the function, else the caller's. A
// helper that may fail otherwise, or one out of reach, bounds nothing.
//
// For a retry around the loop the caller's context is no bound of the loop's
// own: the loop hands back only success, an error it does not retry, or the
// end of a context its caller holds, so it multiplies no attempts and stays
// Region.Endless, as before the helper was read (Bound.onlyCallerWaitContext).

// contextErrParam returns 1 + the index of the context parameter whose Err()
// is every error fn returns, or 0.
func contextErrParam(info *types.Info, fn *funcNode) int {
	res := fn.typ.Results
	if fn.body == nil || res == nil || res.NumFields() != 1 || !isErrorType(info.TypeOf(res.List[0].Type)) {
		return 0
	}
	params := fn.params(info)
	found := -1
	for _, ret := range returnsOf(fn.body) {
		if len(ret.Results) != 1 {
			return 0
		}
		if code.IsNil(info, ret.Results[0]) {
			continue
		}
		i := code.ParamIndex(params, code.VarOf(info, contextOfErr(info, ret.Results[0])))
		if i < 0 || found >= 0 && i != found {
			return 0
		}
		found = i
	}
	return found + 1
}

// contextOfErr returns ctx of ctx.Err() or context.Cause(ctx), or nil.
func contextOfErr(info *types.Info, e ast.Expr) ast.Expr {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return nil
	}
	fn := code.Callee(info, call)
	switch {
	case fn == nil:
		return nil
	case fn.FullName() == "(context.Context).Err" && len(call.Args) == 0:
		if sel, isSel := ast.Unparen(call.Fun).(*ast.SelectorExpr); isSel {
			return sel.X
		}
	case fn.FullName() == "context.Cause" && len(call.Args) == 1:
		return call.Args[0]
	}
	return nil
}

// sleepHelperContext returns the context argument of a call of such a wait
// helper whose failure the condition of blk tests (err != nil, err set by the
// call alone, or the call itself) when that side always leaves the loop, or
// nil.
func (f *flow) sleepHelperContext(l *loop, blk *cfg.Block, cond ast.Expr) ast.Expr {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || b.Op != token.NEQ {
		return nil
	}
	tested := b.X
	if code.IsNil(f.info, b.X) {
		tested = b.Y
	} else if !code.IsNil(f.info, b.Y) {
		return nil
	}
	call := f.soleCallOf(tested)
	if call == nil || call.Ellipsis.IsValid() {
		return nil
	}
	fn := code.Callee(f.info, call)
	if fn == nil {
		return nil
	}
	wp := f.durationParam(call, fn)
	none := func(*cfg.Block) *outcomeCheck { return nil }
	if wp == nil || wp.CtxErr == 0 || wp.CtxErr > len(call.Args) || !f.alwaysLeaves(l, blk.Succs[0], none) {
		return nil
	}
	return call.Args[wp.CtxErr-1]
}

// soleCallOf returns e when it is a call, or the call that alone sets the
// local variable e names.
func (f *flow) soleCallOf(e ast.Expr) *ast.CallExpr {
	e = ast.Unparen(e)
	if call, ok := e.(*ast.CallExpr); ok {
		return call
	}
	call, _ := code.FilledBy(f.info, code.VarOf(f.info, e))
	return call
}

// onlyCallerWaitContext reports whether the bound's deadline is a caller's
// context that a wait helper watches (see above).
func (b Bound) onlyCallerWaitContext() bool {
	return b.waitContext != nil && b.Deadline == b.waitContext && !b.DeadlineLocal
}
