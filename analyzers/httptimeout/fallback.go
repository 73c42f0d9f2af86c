package httptimeout

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
	"github.com/retrylint/retrylint/analyzers/retryscope"
)

// A nil fallback — `if c == nil { c = http.DefaultClient }`, or a client
// literal without Timeout in its place — on a client the caller brings (a
// parameter of the function, or an exported field of an exported struct the
// caller builds) runs only when the caller brings no client. The package
// offers the parameter so that callers pass their configured client;
// reporting the fallback asks its maintainer to change a default that most
// callers override (issue 12: every such finding on untuned code was
// worthless). The finding belongs where code passes nil: a call of the
// package that passes a nil literal for the parameter (directly, or through a
// parameter of its own that a caller fills with nil), or a struct literal of
// the package that leaves the field out and calls the fallback's method.

// callerFallback reports whether value (what names it in messages) is the
// fallback of a client the caller brings; if so it reports the places of the
// package that pass nil instead.
func (c *checker) callerFallback(value ast.Expr, stack []ast.Node, what string) bool {
	fd := enclosingDecl(stack)
	if fd == nil {
		return false
	}
	fn, _ := c.info.Defs[fd.Name].(*types.Func)
	if fn == nil {
		return false
	}
	as := c.fallbackGuard(value, stack)
	if as == nil {
		if k := c.nilParamBranch(value, stack, fd); k >= 0 {
			c.reportNilArgs(fn, k, fn, what, 0)
			return true
		}
		return false
	}
	if k := c.fallbackParam(as.Lhs[0], value, fd, stack); k >= 0 {
		c.reportNilArgs(fn, k, fn, what, 0)
		return true
	}
	if f, named := c.fallbackField(as.Lhs[0], value, stack); f != nil {
		c.reportBareLiterals(named, f, fn, what)
		return true
	}
	return false
}

// fallbackGuard returns the assignment `x = value` when it lies in the body
// of `if x == nil` in the same function, or nil.
func (c *checker) fallbackGuard(value ast.Expr, stack []ast.Node) *ast.AssignStmt {
	as, i := assignmentOf(value, stack)
	if as == nil || len(as.Lhs) != 1 {
		return nil
	}
	for j := i - 2; j >= 0; j-- {
		switch n := stack[j].(type) {
		case *ast.IfStmt:
			if b, ok := ast.Unparen(n.Cond).(*ast.BinaryExpr); ok && b.Op == token.EQL &&
				types.ExprString(b.X) == types.ExprString(as.Lhs[0]) && code.IsNil(c.info, b.Y) && parentAt(stack, j+1) == n.Body {
				return as
			}
		case *ast.FuncLit:
			return nil
		}
	}
	return nil
}

// assignmentOf returns the assignment whose one value is value, and value's
// index in stack; nil when value is not such a value.
func assignmentOf(value ast.Expr, stack []ast.Node) (*ast.AssignStmt, int) {
	i := len(stack) - 1
	for i >= 0 && stack[i] != value {
		i--
	}
	as, ok := parentAt(stack, i-1).(*ast.AssignStmt)
	if !ok || len(as.Rhs) != 1 || as.Rhs[0] != value {
		return nil, i
	}
	return as, i
}

// nilParamBranch returns the index of the client parameter p of fd (of
// value's type) when value is assigned only on the branch where p is nil — `if p == nil { y = value }` or
// `if p != nil { y = p } else { y = value }` — or -1. The fallback takes the
// place of the client the caller did not bring, wherever it is stored (a
// field of the value under construction, say).
func (c *checker) nilParamBranch(value ast.Expr, stack []ast.Node, fd *ast.FuncDecl) int {
	as, i := assignmentOf(value, stack)
	if as == nil {
		return -1
	}
	params := retryscope.Params(c.info, fd.Type)
	for j := i - 2; j >= 0; j-- {
		switch n := stack[j].(type) {
		case *ast.IfStmt:
			b, ok := ast.Unparen(n.Cond).(*ast.BinaryExpr)
			if !ok || !code.IsNil(c.info, b.Y) {
				continue
			}
			onNil := b.Op == token.EQL && parentAt(stack, j+1) == n.Body ||
				b.Op == token.NEQ && n.Else != nil && parentAt(stack, j+1) == n.Else
			k := code.ParamIndex(params, code.VarOf(c.info, b.X))
			if onNil && k >= 0 && types.Identical(params[k].Type(), c.info.TypeOf(value)) {
				return k
			}
		case *ast.FuncLit:
			return -1
		}
	}
	return -1
}

// fallbackParam returns the index of the parameter of fd that lhs is (or a
// local variable whose every other definition reads), or -1.
func (c *checker) fallbackParam(lhs, value ast.Expr, fd *ast.FuncDecl, stack []ast.Node) int {
	v := code.VarOf(c.info, lhs)
	if v == nil {
		return -1
	}
	params := retryscope.Params(c.info, fd.Type)
	if k := code.ParamIndex(params, v); k >= 0 {
		return k
	}
	k := -1
	for _, d := range localDefs(c.info, outermostBody(stack), v) {
		if d == value {
			continue
		}
		j := code.ParamIndex(params, code.VarOf(c.info, d))
		if j < 0 || k >= 0 && j != k {
			return -1
		}
		k = j
	}
	return k
}

// reportNilArgs reports the calls of fn in the package that pass nil for its
// parameter k, and follows calls that pass a parameter of their own function
// a few levels up. origin is the function with the fallback.
func (c *checker) reportNilArgs(fn *types.Func, k int, origin *types.Func, what string, depth int) {
	if depth > 3 {
		return
	}
	decl := c.decls[fn]
	if decl == nil {
		return
	}
	nparams := len(retryscope.Params(c.info, decl.Type))
	for _, cs := range c.index().calls[fn] {
		if len(cs.call.Args) != nparams || cs.call.Ellipsis.IsValid() {
			continue // a method expression, or a variadic call
		}
		arg := cs.call.Args[k]
		if code.IsNil(c.info, arg) {
			c.reportNil(arg, "nil client falls back to %s in %s, which has no timeout: pass a client with Timeout", what, funcLabel(origin))
			continue
		}
		if j := code.ParamIndex(retryscope.Params(c.info, cs.decl.Type), code.VarOf(c.info, arg)); j >= 0 {
			if caller, ok := c.info.Defs[cs.decl.Name].(*types.Func); ok {
				c.reportNilArgs(caller, j, origin, what, depth+1)
			}
		}
	}
}

// reportNil reports once per position: two fallbacks may reach the same
// call.
func (c *checker) reportNil(at ast.Node, format string, args ...any) {
	if c.nilReported == nil {
		c.nilReported = make(map[token.Pos]bool)
	}
	if c.nilReported[at.Pos()] {
		return
	}
	c.nilReported[at.Pos()] = true
	c.p.Reportf(at, format, args...)
}

// fallbackField returns the exported field that lhs is (or a local variable
// whose every other definition reads), with its exported struct type: a
// struct its caller builds and fills. Other fields are the package's own
// (fields.go decides about them).
func (c *checker) fallbackField(lhs, value ast.Expr, stack []ast.Node) (*types.Var, *types.Named) {
	sel := lhs
	if v := code.VarOf(c.info, lhs); v != nil {
		sel = nil
		for _, d := range localDefs(c.info, outermostBody(stack), v) {
			if d == value {
				continue
			}
			if sel != nil && c.fieldOfSel(d) != c.fieldOfSel(sel) {
				return nil, nil
			}
			sel = d
		}
	}
	f := c.fieldOfSel(sel)
	if f == nil || !f.Exported() {
		return nil, nil
	}
	t := c.info.TypeOf(ast.Unparen(sel).(*ast.SelectorExpr).X)
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := t.(*types.Named)
	if !ok || !named.Obj().Exported() || fieldIndex(named, f) < 0 {
		return nil, nil
	}
	return f, named
}

// reportBareLiterals reports the literals of the package of type named that
// leave field f out and call the fallback's method fn: directly
// ((&T{}).M()) or through a local variable used only to call methods.
func (c *checker) reportBareLiterals(named *types.Named, f *types.Var, fn *types.Func, what string) {
	for _, file := range c.p.Files {
		code.TreeOf(c.info).Inspect(file, []ast.Node{(*ast.CompositeLit)(nil)}, func(n ast.Node) bool {
			lit := n.(*ast.CompositeLit)
			if t := c.info.TypeOf(lit); t == nil || !types.Identical(t, named) ||
				code.LiteralField(c.info, lit, f) != nil || !c.callsBare(lit, fn) {
				return true
			}
			c.reportNil(lit, "nil %s falls back to %s in %s, which has no timeout: set %s to a client with Timeout",
				f.Name(), what, funcLabel(fn), f.Name())
			return true
		})
	}
}

// callsBare reports whether a struct literal is used to call method fn with
// nothing in between that could set its fields: (&T{}).M(), T{}.M(), or
// h := &T{}; ...; h.M() where every mention of h is a method call.
func (c *checker) callsBare(lit *ast.CompositeLit, fn *types.Func) bool {
	path := code.TreeOf(c.info).Enclosing(lit)
	i := 1
	for i < len(path) {
		if _, ok := path[i].(*ast.ParenExpr); ok {
			i++
			continue
		}
		if u, ok := path[i].(*ast.UnaryExpr); ok && u.Op == token.AND {
			i++
			continue
		}
		break
	}
	if i >= len(path) {
		return false
	}
	switch p := path[i].(type) {
	case *ast.SelectorExpr:
		return c.isMethodCall(p, path[i+1:], fn)
	case *ast.AssignStmt:
		if len(p.Lhs) != 1 || len(p.Rhs) != 1 || p.Tok != token.DEFINE {
			return false
		}
		h := code.VarOf(c.info, p.Lhs[0])
		body := firstFuncBody(path)
		return h != nil && body != nil && c.onlyMethodCalls(h, p.Lhs[0], body, fn)
	}
	return false
}

// onlyMethodCalls reports whether every mention of h in body (but its
// definition def) calls a method on it, and one calls fn.
func (c *checker) onlyMethodCalls(h *types.Var, def ast.Expr, body *ast.BlockStmt, fn *types.Func) bool {
	calls, ok := false, true
	code.TreeOf(c.info).WalkStack(body, identKinds, func(n ast.Node, stack func() []ast.Node) bool {
		id := n.(*ast.Ident)
		if !ok || id == def || c.info.Uses[id] != h {
			return ok
		}
		st := stack()
		sel, isSel := parentAt(st, len(st)-2).(*ast.SelectorExpr)
		s, isMethod := c.info.Selections[sel]
		if !isSel || !isMethod || s.Kind() != types.MethodVal || !c.isCall(sel, parentAt(st, len(st)-3)) {
			ok = false
			return false
		}
		calls = calls || c.isMethodCall(sel, []ast.Node{parentAt(st, len(st)-3)}, fn)
		return true
	})
	return ok && calls
}

// isMethodCall reports whether sel, with the nodes above it (innermost
// first), is a call of method fn.
func (c *checker) isMethodCall(sel *ast.SelectorExpr, above []ast.Node, fn *types.Func) bool {
	s, ok := c.info.Selections[sel]
	return ok && s.Kind() == types.MethodVal && s.Obj() == fn && len(above) > 0 && c.isCall(sel, above[0])
}

func (c *checker) isCall(fun ast.Expr, parent ast.Node) bool {
	call, ok := parent.(*ast.CallExpr)
	return ok && call.Fun == fun
}

// funcLabel names a function of the package in a message: NewAPI,
// (*API).Do.
func funcLabel(fn *types.Func) string {
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return fn.Name()
	}
	return "(" + types.TypeString(sig.Recv().Type(), types.RelativeTo(fn.Pkg())) + ")." + fn.Name()
}
