package httptimeout

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
	"github.com/retrylint/retrylint/analyzers/retryscope"
)

// defaultClient reports a use of http.DefaultClient, unless the use assigns
// it a configuration, compares it, stores it where a library bounds every
// request, or is a Do of a request whose context got a deadline in the same
// function.
func (c *checker) defaultClient(sel *ast.SelectorExpr, stack []ast.Node) {
	i := len(stack) - 2
	c.unboundedSend = sendNote{}
	switch p := parentAt(stack, i).(type) {
	case *ast.BinaryExpr:
		if p.Op == token.EQL || p.Op == token.NEQ {
			return // an identity check, not a use
		}
	case *ast.KeyValueExpr, *ast.AssignStmt, *ast.CompositeLit:
		if c.fieldSendsWithDeadline(c.storedField(sel, p)) || c.nilFallback(sel, stack) {
			return // fields.go
		}
		if as, ok := p.(*ast.AssignStmt); ok && c.boundedByLibrary(sel, as) {
			return // the library bounds every request (handoff.go)
		}
		if as, ok := p.(*ast.AssignStmt); ok && (c.storedInPkgVar(sel, as) || c.storedInLocal(sel, as, stack)) {
			return // every later use of the variable sends with a deadline (pkgvar.go)
		}
		if c.defaultFirst(sel, stack) {
			return // the same fallback, default first (copy.go)
		}
		if c.callerFallback(sel, stack, "http.DefaultClient") {
			return // the caller's choice (fallback.go)
		}
	case *ast.CallExpr:
		if c.fieldArgSendsWithDeadline(p, sel, stack) || c.outOfReachValue(p) {
			return // its callee sends only bounded requests, or is out of reach (funcvalue.go)
		}
	case *ast.ReturnStmt:
		if c.returnedDefault(sel, stack) {
			return // the accessor's fallback (copy.go)
		}
		if c.returnedDefaultBounded(sel, p) {
			return // every caller sends it bounded (defaultreturn.go)
		}
	case *ast.StarExpr:
		if c.configuredCopy(p) {
			return // a copy that gets its own Timeout (copy.go)
		}
	case *ast.SelectorExpr:
		if as, ok := parentAt(stack, i-1).(*ast.AssignStmt); ok && indexOf(as.Lhs, p) >= 0 {
			return // http.DefaultClient.Timeout = ... configures it
		}
		if c.defaultTimeoutSet(stack) {
			return // set before the send (defaulttimeout.go)
		}
		if call, ok := parentAt(stack, i-1).(*ast.CallExpr); ok && p.Sel.Name == "Do" && len(call.Args) == 1 &&
			c.requestHasDeadline(call.Args[0], outermostBody(stack), nil, 0) {
			return
		}
		if c.watchedSend(stack) {
			return // watchdog.go
		}
		if c.methodValueSendsWithDeadline(p, parentAt(stack, i-1)) {
			return // its callee sends only bounded requests with it (methodvalue.go)
		}
	}
	advice := "use a client with Timeout"
	if _, isSend := parentAt(stack, i).(*ast.SelectorExpr); isSend {
		advice = c.clientAdvice(stack)
	}
	c.p.Reportf(sel, "http.DefaultClient has no timeout%s: a server that never answers blocks the call forever; "+
		"%s, or send requests whose context has a deadline", c.unboundedSendText(sel), advice)
}

// requestHasDeadline reports whether a request is bounded: built, in the same
// function or by a helper of the package, with a context that has a deadline
// or is the caller's (http.NewRequestWithContext(ctx, ...) or
// req.WithContext(ctx)), or brought by the caller (a request parameter,
// callerctx.go, or a request read from a field or a Request() accessor,
// inbound.go: built elsewhere, its context is out of reach). dl holds the
// context parameters of the function known to carry a deadline (bound to such
// a context at the call site).
func (c *checker) requestHasDeadline(e ast.Expr, body *ast.BlockStmt, dl map[*types.Var]bool, depth int) bool {
	return c.localRequest(e, body) || c.requestBounded(e, body, dl, depth)
}

// requestBounded is requestHasDeadline without the request to this machine.
func (c *checker) requestBounded(e ast.Expr, body *ast.BlockStmt, dl map[*types.Var]bool, depth int) bool {
	if body == nil || depth > 3 {
		return false
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		fn := code.Callee(c.info, x)
		if fn == nil {
			return false
		}
		if fn.FullName() == "net/http.NewRequestWithContext" || isRequestMethod(fn) && fn.Name() != "Context" {
			ctx := requestContextArg(fn, x)
			return ctx != nil && (c.hasDeadline(ctx, dl) || c.fieldContextBounded(ctx)) // ctxfield.go
		}
		if a := code.PassThroughArg(c.info, x); a != nil {
			return c.requestHasDeadline(a, body, dl, depth+1) // must.Get(NewRequestWithContext(...)): a nil request would not be sent
		}
		if isRequestAccessor(fn) && c.decls[fn.Origin()] == nil {
			return true // a framework context's inbound request (inbound.go)
		}
		return c.helperRequestHasDeadline(fn, x, dl, depth+1)
	case *ast.SelectorExpr:
		sel := c.info.Selections[x]
		return sel != nil && sel.Kind() == types.FieldVal && code.IsNamed(sel.Type(), "net/http", "Request")
	case *ast.Ident:
		v, ok := c.info.Uses[x].(*types.Var)
		if !ok {
			return false
		}
		if v.Kind() == types.ParamVar && c.withCallerContexts(dl)[v] {
			return true
		}
		for _, d := range localDefs(c.info, body, v) {
			if c.requestBounded(d, body, dl, depth+1) {
				return true
			}
		}
	}
	return false
}

// helperRequestHasDeadline reports whether a function of the package returns
// a bounded request (requestHasDeadline) on every return that yields one
// (returns of nil, on error paths, are left out), and on at least one: a
// helper that builds the request from its caller's context. Its context
// parameters count as having a deadline when this call's argument does.
func (c *checker) helperRequestHasDeadline(fn *types.Func, call *ast.CallExpr, dl map[*types.Var]bool, depth int) bool {
	decl := c.decls[fn.Origin()]
	if decl == nil || decl.Body == nil || call.Ellipsis.IsValid() {
		return false
	}
	results := fn.Type().(*types.Signature).Results()
	idx := -1
	for i := 0; i < results.Len(); i++ {
		if code.IsNamed(results.At(i).Type(), "net/http", "Request") {
			idx = i
			break
		}
	}
	if idx < 0 {
		return false
	}
	inner := make(map[*types.Var]bool)
	params := retryscope.Params(c.info, decl.Type)
	for k, prm := range params {
		if prm != nil && k < len(call.Args) && len(params) == len(call.Args) && retryscope.IsContext(prm.Type()) && c.hasDeadline(call.Args[k], dl) {
			inner[prm] = true
		}
	}
	seen, all := 0, true
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if _, lit := n.(*ast.FuncLit); lit || !all {
			return false
		}
		ret, ok := n.(*ast.ReturnStmt)
		if !ok {
			return true
		}
		switch {
		case len(ret.Results) == results.Len() && code.IsNil(c.info, ast.Unparen(ret.Results[idx])):
			return false
		case len(ret.Results) == results.Len():
			all = c.requestHasDeadline(ret.Results[idx], decl.Body, inner, depth)
		case len(ret.Results) == 1:
			all = c.requestHasDeadline(ret.Results[0], decl.Body, inner, depth)
		default:
			all = false // a bare return of named results
		}
		seen++
		return false
	})
	return seen > 0 && all
}

// localRequest reports whether a request is built (http.NewRequest,
// http.NewRequestWithContext) with a URL whose host is loopback or
// link-local, written in the code (retryscope.LocalURLs): the call itself, or
// every definition of a local variable in body (unlike a deadline, which one
// definition is enough for: a request to a second URL may go anywhere).
func (c *checker) localRequest(e ast.Expr, body *ast.BlockStmt) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		fn := code.Callee(c.info, x)
		return fn != nil && c.localRequestCall(fn, x)
	case *ast.Ident:
		return everyLocalDef(c.info, x, body, func(d ast.Expr) bool { return c.localRequest(d, nil) })
	}
	return false
}

func (c *checker) localRequestCall(fn *types.Func, call *ast.CallExpr) bool {
	k := -1
	switch fn.FullName() {
	case "net/http.NewRequest":
		k = 1
	case "net/http.NewRequestWithContext":
		k = 2
	}
	return k >= 0 && k < len(call.Args) && c.localURLs().Local(call.Args[k])
}

// localSend reports whether a call of Get, Head, Post or PostForm (of a
// client, or of package net/http) sends to a URL whose host is loopback or
// link-local, written in the code.
func (c *checker) localSend(call *ast.CallExpr) bool {
	return len(call.Args) > 0 && c.localURLs().Local(call.Args[0])
}

func (c *checker) localURLs() *retryscope.LocalURLs {
	if c.urls == nil {
		c.urls = retryscope.NewLocalURLs(c.p.Pass)
	}
	return c.urls
}

func isRequestMethod(fn *types.Func) bool {
	recv := fn.Type().(*types.Signature).Recv()
	if recv == nil {
		return false
	}
	t := recv.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := t.(*types.Named)
	return ok && code.IsObject(n.Obj(), "net/http", "Request")
}
