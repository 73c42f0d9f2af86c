package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/cfg"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A loop that goes round only when the attempt's own cancellable context,
// made in the loop by context.WithCancel, was cancelled restarts an attempt
// the code interrupted on purpose (a switchover to another backend, a
// reload), not one that failed: every failure of the operation leaves the
// loop. It is not a retry. A context with a deadline made for the attempt is
// different: its expiry is the attempt failing (a slow dependency), and going
// round on it is a retry.

// restartsInterrupted reports whether every way from c's failure back to
// the header passes the interrupted side of a test of such a context.
func (f *flow) restartsInterrupted(l *loop, c *outcomeCheck) bool {
	cancellable := f.cancellableInLoop(l)
	if len(cancellable) == 0 {
		return false
	}
	tested := false
	seen := make(map[*cfg.Block]bool)
	stack := []*cfg.Block{c.failure()}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[b] || !l.holds(b) && b != l.header {
			continue
		}
		seen[b] = true
		if b == l.header {
			return false // round without an interruption
		}
		if side, ok := f.interruptedSide(b, cancellable); ok {
			tested = true
			stack = append(stack, b.Succs[1-side])
			continue
		}
		stack = append(stack, b.Succs...)
	}
	return tested
}

// interruptedSide returns the successor (0: true, 1: false) of block b
// that its condition takes only when one of the contexts was cancelled.
func (f *flow) interruptedSide(b *cfg.Block, ctxs []types.Object) (int, bool) {
	cond := condOf(b)
	if cond == nil {
		return 0, false
	}
	return f.interruptedWhen(cond, ctxs)
}

// interruptedWhen returns the value of cond (0: true, 1: false) that needs a
// context to have been cancelled: ctx.Err() != nil, ctx.Err() ==
// context.Canceled, errors.Is(ctx.Err(), context.Canceled), their negations,
// and a conjunction (disjunction) with such a test on its true (false) side.
func (f *flow) interruptedWhen(cond ast.Expr, ctxs []types.Object) (int, bool) {
	switch e := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		if side, ok := f.interruptedWhen(e.X, ctxs); ok && e.Op == token.NOT {
			return 1 - side, true
		}
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LAND, token.LOR:
			want := 0
			if e.Op == token.LOR {
				want = 1
			}
			for _, x := range []ast.Expr{e.X, e.Y} {
				if side, ok := f.interruptedWhen(x, ctxs); ok && side == want {
					return want, true
				}
			}
		case token.EQL, token.NEQ:
			return f.comparedErr(e, ctxs)
		}
	case *ast.CallExpr:
		fn := code.Callee(f.info, e)
		if code.IsErrorsFunc(fn, "Is") && len(e.Args) == 2 && isErrOf(f.info, ast.Unparen(e.Args[0]), ctxs) &&
			code.IsObject(f.info.Uses[code.NameIdent(e.Args[1])], "context", "Canceled") {
			return 0, true
		}
	}
	return 0, false
}

// comparedErr reads ctx.Err() compared with nil or context.Canceled.
func (f *flow) comparedErr(e *ast.BinaryExpr, ctxs []types.Object) (int, bool) {
	x, y := ast.Unparen(e.X), ast.Unparen(e.Y)
	if !isErrOf(f.info, x, ctxs) {
		x, y = y, x
	}
	if !isErrOf(f.info, x, ctxs) {
		return 0, false
	}
	isNil := code.IsNil(f.info, y)
	if !isNil && !code.IsObject(f.info.Uses[code.NameIdent(y)], "context", "Canceled") {
		return 0, false
	}
	if isNil == (e.Op == token.NEQ) { // != nil, == Canceled
		return 0, true
	}
	return 1, true
}

// cancellableInLoop returns the context variables assigned in the loop from
// context.WithCancel or context.WithCancelCause.
func (f *flow) cancellableInLoop(l *loop) []types.Object {
	var out []types.Object
	walkBody(f.info, loopBody(l.stmt), assignStmtKinds, func(n ast.Node) bool {
		as := n.(*ast.AssignStmt)
		if len(as.Rhs) != 1 || len(as.Lhs) < 1 {
			return true
		}
		call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
		if !ok {
			return true
		}
		fn := code.Callee(f.info, call)
		if fn == nil || (fn.FullName() != "context.WithCancel" && fn.FullName() != "context.WithCancelCause") {
			return true
		}
		if o := lhsObj(f.info, as.Lhs[0]); o != nil && l.contains(o.Pos()) {
			out = append(out, o)
		}
		return true
	})
	return out
}
