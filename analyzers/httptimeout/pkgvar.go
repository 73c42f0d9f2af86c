package httptimeout

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A client kept in a package-level variable that no other package can read
// (unexported, or any variable of a package main) is followed through the
// package: it needs no Timeout when every read of the variable is a store, a
// nil check, a Do of a request that carries a deadline or its caller's
// context, or a return from a function whose every call puts the result in a
// local variable that only sends such requests (a lazily built credentials
// client, say). One other read keeps it reported. Such a variable that the
// package's own code (test files aside) only stores into or compares with nil
// sends no request at all: a parameter or local of the same name is another
// object, and a test that swaps in a mock or hands the variable around sends
// no production request. A dead variable needs deleting, not a Timeout.

// pkgVarSendsWithDeadline reports whether the package-level variable v is
// such a variable (see above), with at least one send, or a dead one.
func (c *checker) pkgVarSendsWithDeadline(v *types.Var) bool {
	if v == nil || v.Parent() != c.p.Pkg.Scope() || v.Exported() && c.p.Pkg.Name() != "main" || !c.enter(v) {
		return false
	}
	defer delete(c.following, v)
	if c.pkgVarNeverRead(v) {
		return true
	}
	sends, ok := 0, true
	for _, f := range c.p.Files {
		c.eachUseAfter(v, token.NoPos, f, func(id *ast.Ident, stack []ast.Node) bool {
			switch c.pkgVarUse(id, stack) {
			case useSend:
				sends++
			case useConfig:
			default:
				ok = false
			}
			return ok
		})
	}
	return ok && sends > 0
}

// pkgVarNeverRead reports whether every mention of v outside test files is a
// store or a nil check (see above).
func (c *checker) pkgVarNeverRead(v *types.Var) bool {
	ok := true
	for _, f := range c.p.Files {
		if code.IsTestFile(c.p.Fset, f.Pos()) {
			continue
		}
		c.eachUseAfter(v, token.NoPos, f, func(id *ast.Ident, stack []ast.Node) bool {
			ok = isStoreOrNilCheck(id, stack)
			return ok
		})
	}
	return ok
}

// isStoreOrNilCheck reports whether id, the last node of stack, is assigned
// to or compared.
func isStoreOrNilCheck(id *ast.Ident, stack []ast.Node) bool {
	switch p := parentAt(stack, len(stack)-2).(type) {
	case *ast.AssignStmt:
		return indexOf(p.Lhs, id) >= 0
	case *ast.BinaryExpr:
		return p.Op == token.EQL || p.Op == token.NEQ
	}
	return false
}

// pkgVarUse classifies one mention of a tracked package-level client.
func (c *checker) pkgVarUse(id *ast.Ident, stack []ast.Node) useKind {
	i := len(stack) - 2
	fd := enclosingDecl(stack)
	switch p := parentAt(stack, i).(type) {
	case *ast.AssignStmt:
		if indexOf(p.Lhs, id) >= 0 {
			return useConfig // a store: its value is judged where it is built
		}
	case *ast.BinaryExpr:
		if p.Op == token.EQL || p.Op == token.NEQ {
			return useConfig
		}
	case *ast.ReturnStmt:
		if k := indexOf(p.Results, id); k >= 0 && c.returnedSendsWithDeadline(c.declOfReturn(p), k) {
			return useSend
		}
	case *ast.SelectorExpr:
		call, isCall := parentAt(stack, i-1).(*ast.CallExpr)
		if isCall && call.Fun == p && p.Sel.Name == "Do" && len(call.Args) == 1 && fd != nil &&
			c.requestHasDeadline(call.Args[0], outermostBody(stack), c.deadlineParams(fd, 0), 0) {
			return useSend
		}
	}
	if c.pkgVarStored(id, stack) {
		return useSend // pkgvar_stored.go
	}
	return useEscape
}

// returnedSendsWithDeadline reports whether result k of fd is, at every call
// of fd in the package (tests aside, at least one), assigned to a local
// variable that only sends requests with a deadline (sendsWithDeadline). A
// function other packages can call, or that is used as a value, has callers
// out of sight.
func (c *checker) returnedSendsWithDeadline(fd *ast.FuncDecl, k int) bool {
	if fd == nil {
		return false
	}
	fn, _ := c.info.Defs[fd.Name].(*types.Func)
	if fn == nil || c.index().escaped[fn] || c.p.Pkg.Name() != "main" && c.callableOutside(fn) {
		return false
	}
	seen := 0
	for _, s := range c.index().calls[fn] {
		if c.p.TestCode(s.call.Pos()) {
			continue
		}
		seen++
		path := code.TreeOf(c.info).Enclosing(s.call)
		if len(path) < 2 {
			return false
		}
		as, _ := path[1].(*ast.AssignStmt)
		if as == nil || len(as.Rhs) != 1 || as.Rhs[0] != s.call || k >= len(as.Lhs) {
			return false
		}
		v := code.VarOf(c.info, as.Lhs[k])
		if v == nil || v.Parent() == c.p.Pkg.Scope() ||
			!c.sendsWithDeadline(v, as.End(), s.decl.Body, c.deadlineParams(s.decl, 0), 0) {
			return false
		}
	}
	return seen > 0
}

// storedInPkgVar reports whether as stores the client e in such a variable.
func (c *checker) storedInPkgVar(e ast.Expr, as *ast.AssignStmt) bool {
	i := indexOf(as.Rhs, e)
	return i >= 0 && len(as.Lhs) == len(as.Rhs) && c.pkgVarSendsWithDeadline(code.VarOf(c.info, as.Lhs[i]))
}

// storedInLocal reports whether as stores the client e in a local variable
// that, from then on, only sends requests built in the function with a
// deadline or its caller's context (sendsWithDeadline), as a client built in
// the function would. A request parameter sent as it came is left to the
// fallback rules (fallback.go, fields.go): whether http.DefaultClient runs
// there is what they decide.
func (c *checker) storedInLocal(e ast.Expr, as *ast.AssignStmt, stack []ast.Node) bool {
	i := indexOf(as.Rhs, e)
	fd := enclosingDecl(stack)
	if i < 0 || len(as.Lhs) != len(as.Rhs) || fd == nil {
		return false
	}
	v := code.VarOf(c.info, as.Lhs[i])
	if v == nil || v.Parent() == c.p.Pkg.Scope() || c.sendsParamRequest(v, as.End(), outermostBody(stack)) {
		return false
	}
	return c.sendsWithDeadline(v, as.End(), outermostBody(stack), c.deadlineParams(fd, 0), 0)
}

// sendsParamRequest reports whether a Do of v after the position after sends
// a request parameter of the function as it came.
func (c *checker) sendsParamRequest(v *types.Var, after token.Pos, body *ast.BlockStmt) bool {
	found := false
	c.eachUseAfter(v, after, body, func(id *ast.Ident, stack []ast.Node) bool {
		sel, ok := parentAt(stack, len(stack)-2).(*ast.SelectorExpr)
		call, isCall := parentAt(stack, len(stack)-3).(*ast.CallExpr)
		if ok && isCall && call.Fun == sel && sel.Sel.Name == "Do" && len(call.Args) == 1 {
			if r := code.VarOf(c.info, call.Args[0]); r != nil && r.Kind() == types.ParamVar {
				found = true
			}
		}
		return !found
	})
	return found
}
