package retryscope

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A retry that its attempt's context ends.
//
// A loop whose attempt is handed a context (client.UpdateTree(ctx, req)) and
// that goes round only past a test a context's error fails (the status code
// is Unavailable, errors.Is(err, ErrBusy), a 503) stops when that context
// ends: the next attempt fails with the context's error, and that error
// leaves. The context bounds it as a ctx.Done() check in the loop would
// (Bound.Deadline), and like one it is the bound of whoever hands it in.
// Tests a context's error may pass keep the loop endless: a timeout or
// temporary failure (context.DeadlineExceeded answers Timeout() true), a
// concrete error type (a *url.Error or *net.OpError wraps a cancellation), a
// code or sentinel named for a deadline or a cancellation. So does a
// context made anew in the loop: each round's ends, the loop does not. And
// so does an attempt that is a function of the package: it may return the
// error the loop goes round on from a check of its own state before it ever
// hands the context on (a cached version found stale), and then an ended
// context ends nothing. An attempt out of the package (a client's method, an
// interface's) fails with its context's error once that context ends, as Go
// code that takes a context does.

// attemptContextBound returns the context every retrying check's attempt is
// handed, when the loop goes round only past tests a context's error fails
// and does not assign what the context expression reads; else nil.
func (f *flow) attemptContextBound(l *loop, r *Region, retrying []*outcomeCheck) ast.Expr {
	if r.ways == nil {
		return nil
	}
	assigned := map[types.Object]bool{}
	for _, d := range code.DefsIn(f.info, l.pos, l.end) {
		if d.Var != nil {
			assigned[d.Var] = true
		}
	}
	var ctx ast.Expr
	for _, c := range retrying {
		handed := f.handedContext(c.attempts, assigned)
		if handed == nil || ctx != nil && types.ExprString(handed) != types.ExprString(ctx) {
			return nil
		}
		ctx = handed
	}
	if ctx == nil || !r.ways.passOnly(contextErrorFails) {
		return nil
	}
	return ctx
}

// handedContext returns the context every attempt of a check is handed, out
// of the package and reading no variable the loop assigns, or nil: an
// attempt without one, or of the package's own code, may fail on its own
// after the context ended.
func (f *flow) handedContext(attempts []*ast.CallExpr, assigned map[types.Object]bool) ast.Expr {
	var ctx ast.Expr
	for _, call := range attempts {
		if fn := code.Callee(f.info, call); fn != nil && f.res.funcs.byObj[fn] != nil {
			return nil // the package's own code: it may fail before it hands ctx on
		}
		a := code.ContextArg(f.info, call)
		if a == nil || code.Mentions(f.info, a, func(o types.Object) bool { return assigned[o] }) || ctx != nil && types.ExprString(a) != types.ExprString(ctx) {
			return nil
		}
		ctx = a
	}
	return ctx
}

// contextErrorFails reports whether a test that lets through errors of class
// c fails for a context's error.
func contextErrorFails(c errorClass) bool {
	switch {
	case c.transient, c.timeout, c.typ != nil:
		return false
	case c.sentinel != nil:
		return !namesContextEnd(c.sentinel.Name()) && !code.IsObject(c.sentinel, "os", "ErrDeadlineExceeded")
	case c.code != "":
		return !namesContextEnd(c.code)
	}
	return c.statuses != nil || c.noSpace || c.auth || c.conflict
}

func namesContextEnd(name string) bool {
	return code.NameSays(name, "deadline", "cancel", "timeout", "timedout", "expired")
}
