package httptimeout

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/analyzers/internal/code"
	"github.com/retrylint/retrylint/analyzers/retryscope"
)

// maxSendDepth bounds how far a client handed to functions of the package is
// followed.
const maxSendDepth = 3

// sendsWithDeadline reports whether a local client variable, after its
// construction, only sends requests that carry a deadline: every use is
// configuration, v.Do(req) of a request built in the function with a context
// that has a deadline there (or with a context parameter in dl), or v passed to
// a function of the package that does only that with it (its context
// parameters bound to this call's arguments). Such a client needs no Timeout of
// its own. Any other use (Get, Post, a Do without a deadline, returning it,
// storing it, passing it to another package) makes it a client without a time
// limit, and so does never sending anything.
func (c *checker) sendsWithDeadline(v *types.Var, after token.Pos, body *ast.BlockStmt, dl map[*types.Var]bool, depth int) bool {
	if body == nil || depth > maxSendDepth {
		return false
	}
	sends := 0
	ok := c.eachUseAfter(v, after, body, func(id *ast.Ident, stack []ast.Node) bool {
		switch c.deadlineUse(id, stack, body, dl, depth) {
		case useSend:
			sends++
		case useConfig, useTransport, useTimeout:
		default:
			return false
		}
		return true
	})
	return ok && sends > 0
}

// sentInline reports whether a client used where it is built — the receiver
// of its own send ((&http.Client{Transport: t}).Do(req), new(http.Client).Do(req))
// or an argument of a function of the package — sends only requests that
// carry a deadline. That one use is judged as a use of a local client
// variable is (deadlineUse), so `(&http.Client{}).Do(req)` and `c :=
// &http.Client{}; c.Do(req)` get the same verdict, and the finding names a
// send without a context in either. stack ends with the literal inside outer.
func (c *checker) sentInline(outer ast.Expr, stack []ast.Node, body *ast.BlockStmt) bool {
	k := slices.Index(stack, ast.Node(outer))
	return body != nil && k >= 0 && c.deadlineUse(outer, stack[:k+1], body, nil, 0) == useSend
}

// eachUseAfter calls use for every mention of v in body after the position
// after, with the nodes from body down to it, until use returns false; it
// reports whether use accepted every mention.
func (c *checker) eachUseAfter(v *types.Var, after token.Pos, body ast.Node, use func(id *ast.Ident, stack []ast.Node) bool) bool {
	ok := true
	code.TreeOf(c.info).WalkStack(body, identKinds, func(n ast.Node, stack func() []ast.Node) bool {
		if !ok {
			return false
		}
		if id, isID := n.(*ast.Ident); isID && id.Pos() > after && c.info.Uses[id] == v {
			ok = use(id, stack())
		}
		return true
	})
	return ok
}

// useSend is a use of a client that sends a request with a deadline.
const useSend = useTransport + 1

// deadlineUse classifies one mention of a client for sendsWithDeadline: a
// variable, or a client expression used where it is built (sentInline);
// stack ends with id.
func (c *checker) deadlineUse(id ast.Expr, stack []ast.Node, body *ast.BlockStmt, dl map[*types.Var]bool, depth int) useKind {
	i := len(stack) - 2
	switch p := parentAt(stack, i).(type) {
	case *ast.SelectorExpr:
		call, isCall := parentAt(stack, i-1).(*ast.CallExpr)
		if p.X != id || !isCall || call.Fun != p {
			break
		}
		switch p.Sel.Name {
		case "Do":
			if len(call.Args) == 1 && c.requestHasDeadline(call.Args[0], body, dl, 0) || c.watchedSend(stack) {
				return useSend
			}
		case "CloseIdleConnections":
			return useConfig
		case "Get", "Head", "Post", "PostForm":
			if c.localSend(call) || c.watchedSend(stack) {
				return useSend // to this machine or its link, or watched by a timer
			}
		}
		if depth == 0 || defaultFuncs[p.Sel.Name] {
			// A callee's Do is named only from the client's own function: its
			// request's context may be a parameter this call fills.
			c.noteUnboundedSend(call, p.Sel.Name, dl)
		}
		return useEscape // Get, Post, Head, PostForm: no context at all
	case *ast.CallExpr:
		if j := indexOf(p.Args, id); j >= 0 && c.paramSendsWithDeadline(p, j, body, dl, depth+1) {
			return useSend
		}
	case *ast.UnaryExpr:
		if call, ok := parentAt(stack, i-1).(*ast.CallExpr); ok && p.Op == token.AND {
			if j := indexOf(call.Args, p); j >= 0 && c.paramSendsWithDeadline(call, j, body, dl, depth+1) {
				return useSend
			}
		}
	case *ast.KeyValueExpr, *ast.AssignStmt, *ast.CompositeLit:
		// Stored in a field of the package's own struct: the field's sends
		// are the client's (fields.go). Only from the client's own function,
		// so that a field and a parameter do not chase each other.
		if f := c.storedField(id, p); f != nil && (depth == 0 && c.fieldSendsWithDeadline(f) || depth > 0 && c.storedFieldSends(f)) {
			return useSend
		}
	}
	kind, _ := c.useOf(id, stack)
	return kind
}

// paramSendsWithDeadline reports whether a call hands its argument j, a
// client, to a function that only sends requests with a deadline through it:
// one of the package, read from its body, or one of another package of the
// analysed code, read from its SendsClient fact; called directly or through
// a func value that holds it alone (funcvalue.go). The callee's context
// parameters count as having a deadline when this call's argument for them
// has one.
func (c *checker) paramSendsWithDeadline(call *ast.CallExpr, j int, body *ast.BlockStmt, dl map[*types.Var]bool, depth int) bool {
	fn, _ := c.callTarget(call)
	if fn == nil || methodExpr(c.info, call) { // with xs..., arguments are still positional
		return false
	}
	if isCtxhttpSend(fn) {
		return c.ctxhttpSendsWithDeadline(fn, call, j, dl)
	}
	decl := c.decls[fn.Origin()]
	if decl == nil || decl.Body == nil {
		return c.factSendsWithDeadline(fn, call, j, dl)
	}
	params := retryscope.Params(c.info, decl.Type)
	if j >= len(params) || params[j] == nil || len(params) != len(call.Args) {
		return false
	}
	inner := make(map[*types.Var]bool)
	for k, prm := range params {
		if prm != nil && retryscope.IsContext(prm.Type()) && c.hasDeadline(call.Args[k], dl) {
			inner[prm] = true
		}
	}
	return c.sendsWithDeadline(params[j], token.NoPos, decl.Body, inner, depth)
}

// factSendsWithDeadline reports whether fn, a function of another package,
// sends its client parameter j only with requests whose deadline is its own
// or that of the context this call hands it (retryscope.SendsClient).
func (c *checker) factSendsWithDeadline(fn *types.Func, call *ast.CallExpr, j int, dl map[*types.Var]bool) bool {
	sc := c.p.Scope.SendsClientOf(fn)
	if sc == nil || sc.Unbounded || sc.Client != j || len(call.Args) != fn.Type().(*types.Signature).Params().Len() {
		return false
	}
	return sc.Ctx < 0 || c.hasDeadline(call.Args[sc.Ctx], dl)
}

// methodExpr reports whether call calls a method expression ((*T).M(x, ...)),
// whose first argument is the receiver.
func methodExpr(info *types.Info, call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	s := info.Selections[sel]
	return s != nil && s.Kind() == types.MethodExpr
}
