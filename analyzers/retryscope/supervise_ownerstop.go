package retryscope

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A restart loop may also be bounded by its owner's stop without holding a
// context: the attempt is a method of this package called on an owner of the
// loop (the receiver, a local; not a parameter, whose stop is the caller's),
// and the method serves in a loop with a select whose case on a stop that
// owner holds returns a nil error:
//
//	for { if err := c.serve(); err == nil { return }; time.Sleep(d) }
//	func (c *comp) serve() error {
//		for { select { case ev := <-c.events: ...; case <-c.done: return nil } }
//	}
//
// The stop is one of the owner's (ownerStop): a channel field of the
// receiver (<-c.done, <-c.StopChan()), or the Done of a context the receiver
// holds or whose cancel the owner's stop calls (owner_cancel.go). Once the
// owner stops, the next attempt returns nil and the loop ends: the owner's
// stop bounds it, checked each round by the callee. A callee that reports the
// stop as an error (case <-c.done: return errStopped) is retried by the loop,
// and one without a serving loop is a request retried until it succeeds:
// both stay retries.

// restartsOwned reports whether every attempt of check c restarts a method
// that serves until the owner it is called on stops.
func (f *flow) restartsOwned(c *outcomeCheck) bool {
	for _, call := range c.attempts {
		callee := f.packageCallee(call)
		if callee == nil || callee == f.fn || !f.calledOnOwner(call) {
			return false
		}
		g := &flow{pass: f.pass, info: f.info, res: f.res, fn: callee}
		if !g.servesUntilOwnerStops() {
			return false
		}
	}
	return len(c.attempts) > 0
}

// calledOnOwner reports whether call is a method call on a value the
// function's owner holds: one reached from a variable that is not a
// parameter.
func (f *flow) calledOnOwner(call *ast.CallExpr) bool {
	v, ok := code.MethodRoot(f.info, call, code.ThroughIndex)
	return ok && !f.isParam(v)
}

// servesUntilOwnerStops reports whether the function, a method, has a loop
// with a select case on a stop of its receiver that returns only a nil error.
func (f *flow) servesUntilOwnerStops() bool {
	recv := receiverOf(f.fn)
	if recv == nil {
		return false
	}
	found := false
	kinds := []ast.Node{(*ast.FuncLit)(nil), (*ast.CommClause)(nil)}
	code.TreeOf(f.info).WalkStack(f.fn.body, kinds, func(n ast.Node, stack func() []ast.Node) bool {
		cc, ok := n.(*ast.CommClause)
		if !ok || found {
			return false // a literal's select serves for itself
		}
		found = cc.Comm != nil && inLoop(stack()) && f.receiverStop(cc.Comm, recv) && returnsNilOnly(f.info, cc, f.fn.typ)
		return !found
	})
	return found
}

// receiverStop reports whether comm receives from a stop of the owner that
// recv, the method's receiver, is: a channel reached from recv (<-c.done,
// <-c.StopChan()), the Done of a context reached from recv, or that of a
// context of the method's own whose cancel the owner's stop calls.
func (f *flow) receiverStop(comm ast.Stmt, recv *types.Var) bool {
	if !f.ownerStop(nil, comm) {
		return false
	}
	x, _ := receivedChan(comm) // ownerStop took only a receive into blanks
	if x == nil {
		return false
	}
	if call, ok := ast.Unparen(x).(*ast.CallExpr); ok {
		if ctx := askedContext(f.info, call); ctx != nil {
			v, local := f.info.Uses[code.NameIdent(ctx)].(*types.Var)
			return code.Root(f.info, ctx, code.ThroughIndex) == recv || local && !v.IsField() && f.cancelledByOwner(v, 0)
		}
	}
	return code.Root(f.info, x, code.ThroughIndex|code.ThroughCall) == recv
}

// receiverOf returns the receiver variable of a method declaration, nil for
// a function or a receiver without a name.
func receiverOf(fn *funcNode) *types.Var {
	if fn.obj == nil {
		return nil
	}
	recv := fn.obj.Type().(*types.Signature).Recv()
	if recv == nil || recv.Name() == "" || recv.Name() == "_" {
		return nil
	}
	return recv
}
