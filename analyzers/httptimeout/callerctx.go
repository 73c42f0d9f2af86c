package httptimeout

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"

	"github.com/retrylint/retrylint/analyzers/internal/code"
	"github.com/retrylint/retrylint/analyzers/retryscope"
)

// hasDeadline reports whether a context expression is bounded: it has a
// deadline by the engine's one definition (with dl, the parameters known to
// be bound at their call sites), or it comes from a context the function
// received. A caller's context is the caller's bound: an HTTP handler's
// request context ends when its client goes away, a command's ends on a
// signal or its own timeout, and which one arrives is out of reach here. The
// rule claims "blocks forever" only for requests that carry no context of a
// caller at all.
func (c *checker) hasDeadline(e ast.Expr, dl map[*types.Var]bool) bool {
	return c.incomingContext(e) || c.p.Scope.HasDeadline(e, c.withCallerContexts(dl))
}

// withCallerContexts returns dl together with the package's context
// parameters that are a caller's bound (callerContexts).
func (c *checker) withCallerContexts(dl map[*types.Var]bool) map[*types.Var]bool {
	if c.callerCtx == nil {
		c.callerCtx = c.callerContexts()
	}
	if len(dl) == 0 {
		return c.callerCtx
	}
	out := make(map[*types.Var]bool, len(dl)+len(c.callerCtx))
	for v := range c.callerCtx {
		out[v] = true
	}
	for v, ok := range dl {
		out[v] = ok
	}
	return out
}

// callerContexts returns the context and *http.Request parameters of the
// package's functions and literals (a request the caller built carries the
// caller's context), less those a call in the package fills with a context
// or request that has no bound: context.Background() or TODO(), directly,
// derived (WithCancel, WithValue) or through such a parameter of its own
// caller, and a request built without a context or with such a one. A
// function whose plain sibling passes context.Background() is not bounded by
// its caller. Calls from test code do not decide: a test calls with
// context.Background() what the program calls under a deadline.
func (c *checker) callerContexts() map[*types.Var]bool {
	out := make(map[*types.Var]bool)
	for _, obj := range c.info.Defs {
		if v, ok := obj.(*types.Var); ok && v.Kind() == types.ParamVar && carriesContext(v.Type()) {
			out[v] = true
		}
	}
	idx := c.index()
	for changed := true; changed; {
		changed = false
		for fn, decl := range c.decls {
			params := retryscope.Params(c.info, decl.Type)
			for k, prm := range params {
				if !out[prm] {
					continue
				}
				for _, cs := range idx.calls[fn] {
					if c.p.TestCode(cs.call.Pos()) {
						continue // a test's context.Background() is not how the program calls
					}
					if k < len(cs.call.Args) && c.unbounded(cs.call.Args[k], out, 0) {
						delete(out, prm)
						changed = true
						break
					}
				}
			}
		}
	}
	return out
}

// unbounded reports whether a context or request expression is known to have
// no bound: context.Background() or TODO(), a context derived from one or
// wrapping one, a request built without a context (http.NewRequest) or with
// such a one, or a parameter already known to receive one. A context made by
// context.WithCancel whose cancel function the making function returns is
// its caller's to end (retryscope.CancelReturned), as a context parameter is,
// and one whose cancel its owner's stop calls (a field another method calls:
// retryscope.OwnerCancels) is the owner's.
func (c *checker) unbounded(e ast.Expr, bounded map[*types.Var]bool, depth int) bool {
	if depth > 3 {
		return false
	}
	if t := c.info.TypeOf(e); t != nil && ownDone(t) {
		return true // a framework's context: its Done may be nil, nothing ends it
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		fn := code.Callee(c.info, x)
		if fn == nil {
			return false
		}
		switch fn.FullName() {
		case "context.Background", "context.TODO", "net/http.NewRequest":
			return true
		}
		if ctx := requestContextArg(fn, x); ctx != nil {
			return c.unbounded(ctx, bounded, depth+1)
		}
		if a := code.PassThroughArg(c.info, x); a != nil {
			return c.unbounded(a, bounded, depth+1)
		}
		if _, parent := retryscope.DeadlineCall(c.info, x); parent != nil {
			return c.unbounded(parent, bounded, depth+1)
		}
	case *ast.UnaryExpr:
		return x.Op == token.AND && c.unbounded(x.X, bounded, depth+1)
	case *ast.CompositeLit:
		// A context of the program's own type holds the context it wraps.
		for _, elt := range x.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				elt = kv.Value
			}
			if retryscope.IsContext(c.info.TypeOf(elt)) && c.unbounded(elt, bounded, depth+1) {
				return true
			}
		}
	case *ast.Ident:
		v := code.VarOf(c.info, x)
		if v == nil {
			return false
		}
		if v.Kind() == types.ParamVar {
			return carriesContext(v.Type()) && !bounded[v] && !c.ownerCancelsBefore(v, x)
		}
		if retryscope.CancelReturned(c.info, v) || c.p.Scope.OwnerCancels(v, x.Pos()) {
			return false // the caller, or the owner's stop, holds the cancel
		}
		for _, val := range code.ReachingValues(c.info, v, x) {
			if c.unbounded(val, bounded, depth+1) {
				return true
			}
		}
	}
	return false
}

// isContextLike reports whether t is context.Context or a type of the
// program's own that hands its Done to one it embeds (a struct embedding
// it, passed as the request's context): either way the caller chose it.
func isContextLike(t types.Type) bool {
	return retryscope.IsContext(t) || contextMethods(t) && !ownDone(t)
}

// contextMethods reports whether t has the four methods of context.Context.
func contextMethods(t types.Type) bool {
	ms := types.NewMethodSet(t)
	for _, name := range []string{"Deadline", "Done", "Err", "Value"} {
		if ms.Lookup(nil, name) == nil {
			return false
		}
	}
	return true
}

// ownDone reports whether t is a concrete type that is a context by its own
// Done method rather than one of a context it embeds: a web framework's
// request context, whose Done may be nil (never cancelled). Passed where a
// context.Context is expected, it bounds nothing the rule can see.
func ownDone(t types.Type) bool {
	if types.IsInterface(t) || !contextMethods(t) {
		return false
	}
	done, _ := types.NewMethodSet(t).Lookup(nil, "Done").Obj().(*types.Func)
	return done != nil && !types.IsInterface(done.Type().(*types.Signature).Recv().Type())
}

// incomingContext reports whether e is the Context() of a request built
// elsewhere (inboundRequest: a web framework's c.Request.Context() or
// c.Request().Context()), as requestBounded takes one, whose context its
// sender or server ends.
func (c *checker) incomingContext(e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 0 {
		return false
	}
	fn := code.Callee(c.info, call)
	sel, isSel := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	return fn != nil && isSel && isRequestMethod(fn) && fn.Name() == "Context" && c.inboundRequest(sel.X)
}

// carriesContext reports whether a parameter of type t brings the caller's
// context: a context, or a request the caller built.
func carriesContext(t types.Type) bool {
	return isContextLike(t) || code.IsNamed(t, "net/http", "Request")
}

// requestContextArg returns the context a call gives the request it makes
// or derives (http.NewRequestWithContext(ctx, ...), req.WithContext(ctx),
// req.Clone(ctx)), or the request whose context it reads (req.Context()), or
// nil for any other call.
func requestContextArg(fn *types.Func, call *ast.CallExpr) ast.Expr {
	switch {
	case fn.FullName() == "net/http.NewRequestWithContext" && len(call.Args) > 0:
		return call.Args[0]
	case !isRequestMethod(fn):
		return nil
	case (fn.Name() == "WithContext" || fn.Name() == "Clone") && len(call.Args) == 1:
		return call.Args[0]
	case fn.Name() == "Context":
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			return sel.X
		}
	}
	return nil
}

// sendNote is a send of a client that carries no context at all.
type sendNote struct {
	pos    token.Pos
	method string
}

// noteUnboundedSend keeps the first send that carries no context a caller
// could bound: Get, Head, Post, PostForm, or Do of a request built without a
// context or with context.Background() (unbounded). A Do of a request the
// rule cannot read is not named: its context is out of reach.
func (c *checker) noteUnboundedSend(call *ast.CallExpr, method string, dl map[*types.Var]bool) {
	if c.unboundedSend.pos.IsValid() {
		return
	}
	switch {
	case defaultFuncs[method]:
	case method == "Do" && len(call.Args) == 1 && c.unbounded(call.Args[0], c.withCallerContexts(dl), 0):
	default:
		return
	}
	c.unboundedSend = sendNote{call.Pos(), method}
}

// unboundedSendText names the noted send for a finding at at: its line, and
// its file when that is another.
func (c *checker) unboundedSendText(at ast.Node) string {
	n := c.unboundedSend
	if !n.pos.IsValid() {
		return ""
	}
	where, here := c.p.Fset.Position(n.pos), c.p.Fset.Position(at.Pos())
	loc := fmt.Sprintf("line %d", where.Line)
	if where.Filename != here.Filename {
		loc = fmt.Sprintf("%s:%d", filepath.Base(where.Filename), where.Line)
	}
	return fmt.Sprintf(" and its %s at %s sends with no context that could bound it", n.method, loc)
}

// ownerCancelsBefore reports whether the context parameter v, where id reads
// it, has been replaced by a context its owner's stop cancels (ctx,
// s.cancel = context.WithCancel(ctx), retryscope.OwnerCancels): every
// assignment of v comes before id.
func (c *checker) ownerCancelsBefore(v *types.Var, id *ast.Ident) bool {
	for _, d := range code.DefsOf(c.info, v) {
		if d.Stmt == nil || d.Stmt.End() > id.Pos() {
			return false
		}
	}
	return c.p.Scope.OwnerCancels(v, id.Pos())
}
