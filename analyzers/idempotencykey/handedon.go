package idempotencykey

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A request (or its Header) handed, before it is sent, to code out of reach
// that takes it as a request or a header — a func value (an option's request
// modifier), an interface method (a signer), a function of another package
// outside the standard library — may get any header there, the key among
// them, or even another method: the claim "no idempotency key" is unproven,
// as for a header set by a name that is not a constant. A function that takes
// it as a plain value (a logger's ...any) only reads it; the senders, and the
// converters that return a request the rule follows (retryablehttp.FromRequest),
// do not count; the standard library sets no idempotency header. Nor does a
// hand-over after a send in the same function (a hook that records the
// request and its answer): the request has gone by then.

// handedOn records, for a call that hands a request to code out of reach, a
// header set of unknown name on that request.
func (c *checker) handedOn(call *ast.CallExpr) {
	sig, ok := c.outOfReach(call)
	if !ok || c.afterSend(call) {
		return
	}
	for i, arg := range call.Args {
		if !writableRequest(paramType(sig, i)) {
			continue
		}
		if obj := code.Root(c.info, arg, code.ThroughUnary); obj != nil {
			c.sets[obj] = append(c.sets[obj], &hdrSet{at: call, unknown: true})
		}
	}
}

// outOfReach returns the signature of a call whose callee is out of reach:
// a func value, an interface method, or a function of another package outside
// the standard library that neither sends nor returns a request.
func (c *checker) outOfReach(call *ast.CallExpr) (*types.Signature, bool) {
	if tv, ok := c.info.Types[call.Fun]; !ok || tv.IsType() || tv.IsBuiltin() {
		return nil, false
	}
	sig, ok := c.info.TypeOf(call.Fun).Underlying().(*types.Signature)
	if !ok {
		return nil, false
	}
	fn := code.Callee(c.info, call)
	if fn == nil {
		return sig, true // a func value
	}
	if c.sendOf(call) != nil || returnsRequest(fn) || fn.Pkg() == nil {
		return nil, false
	}
	if recv := fn.Type().(*types.Signature).Recv(); recv != nil && types.IsInterface(recv.Type()) {
		return sig, true // even one declared here: its implementations are not
	}
	return sig, fn.Pkg() != c.p.Pkg && !code.IsStdPath(fn.Pkg().Path())
}

// paramType is the type of the parameter argument i fills.
func paramType(sig *types.Signature, i int) types.Type {
	n := sig.Params().Len()
	switch {
	case sig.Variadic() && i >= n-1:
		if s, ok := sig.Params().At(n - 1).Type().Underlying().(*types.Slice); ok {
			return s.Elem()
		}
		return nil
	case i < n:
		return sig.Params().At(i).Type()
	}
	return nil
}

// writableRequest reports whether a parameter of type t can change a
// request's headers: a request, a header map, or a pointer to one.
func writableRequest(t types.Type) bool {
	if t == nil {
		return false
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok && !isRequest(t) {
		t = p.Elem()
	}
	return isRequest(t) || isHeaderType(t)
}

// afterSend reports whether a send is written before call in the function
// (declaration or literal) call is written in.
func (c *checker) afterSend(call *ast.CallExpr) bool {
	sent := false
	for _, fn := range code.TreeOf(c.info).Enclosing(call) {
		switch fn.(type) {
		case *ast.FuncLit, *ast.FuncDecl:
			ast.Inspect(fn, func(n ast.Node) bool {
				if k, ok := n.(*ast.CallExpr); ok && k.End() <= call.Pos() && c.sendOf(k) != nil {
					sent = true
				}
				return !sent
			})
			return sent
		}
	}
	return false
}
