package httptimeout

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// An SDK keeps its client in a field: a default (http.DefaultClient, a pooled
// client) that the caller may replace, read back through an accessor, and
// copy into the per-call request struct that sends. The field is judged by
// the package's own uses of it (fieldSendsWithDeadline), exported or not: a
// caller of another package that reads an exported field, or an accessor,
// gets the client as the caller of a function that returns one does, and
// sets its deadline (decided on V1: SDKs whose exported config field holds
// a client without Timeout and whose every call sends a request built with
// the caller's context). Handed to a function of the package that stores it
// in such a field, it sends what that field sends. A read returned by an
// accessor goes, in the package, where each call of the accessor puts it.

// fieldHidden reports whether the package's own uses of the field f are all
// there is to judge (see above): f is a field of a struct the package
// declares (or an unexported field of a type it embeds).
func (c *checker) fieldHidden(f *types.Var) bool {
	if f == nil || f.Pkg() != c.p.Pkg {
		return false
	}
	return !f.Exported() || c.structOf(f) != nil
}

// structOf returns the named struct type of the package that declares f.
func (c *checker) structOf(f *types.Var) *types.Named {
	scope := c.p.Pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		if n, isNamed := tn.Type().(*types.Named); isNamed && fieldIndex(n, f) >= 0 {
			return n
		}
	}
	return nil
}

// storedFieldSends reports whether the field f a client is stored in sends
// only bounded requests, followed once at a time (a parameter stored in a
// field whose reads hand it to the same function ends there).
func (c *checker) storedFieldSends(f *types.Var) bool {
	if f == nil || !c.enter(f) {
		return false
	}
	defer delete(c.following, f)
	return c.fieldSendsWithDeadline(f)
}

// accessorReadSends reports whether ret, in the function that returns the
// field read sel as its one result, hands it only to in-package calls that
// send bounded requests with it (or configure it) and to callers outside.
// Calls from tests do not decide.
func (c *checker) accessorReadSends(ret *ast.ReturnStmt, sel *ast.SelectorExpr, stack []ast.Node) (ok, sends bool) {
	fd := enclosingDecl(stack)
	if fd == nil || len(ret.Results) != 1 || ret.Results[0] != sel || innermostFunc(stack) != ast.Node(fd) {
		return false, false
	}
	fn, _ := c.info.Defs[fd.Name].(*types.Func)
	if fn == nil || c.index().escaped[fn] || !c.enter(fn) {
		return false, false
	}
	defer delete(c.following, fn)
	for _, s := range c.index().calls[fn] {
		if c.p.TestCode(s.call.Pos()) {
			continue
		}
		path := code.TreeOf(c.info).Enclosing(s.call)
		stack := make([]ast.Node, len(path))
		for i, n := range path {
			stack[len(path)-1-i] = n
		}
		switch c.accessorCallUse(s, stack) {
		case useSend:
			sends = true
		case useConfig:
		default:
			return false, false
		}
	}
	return true, sends
}

// accessorCallUse classifies one call of a client accessor, the last node of
// stack: handed to a function of the package that sends bounded requests
// with it, or put in a local variable that only sends such requests or is
// only configured.
func (c *checker) accessorCallUse(s callSite, stack []ast.Node) useKind {
	dl := c.deadlineParams(s.decl, 0)
	switch p := parentAt(stack, len(stack)-2).(type) {
	case *ast.CallExpr:
		if j := indexOf(p.Args, s.call); j >= 0 && c.paramSendsWithDeadline(p, j, s.decl.Body, dl, 1) {
			return useSend
		}
	case *ast.AssignStmt:
		j := indexOf(p.Rhs, s.call)
		if j < 0 || len(p.Lhs) != len(p.Rhs) || p.Tok != token.DEFINE {
			break
		}
		v := code.VarOf(c.info, p.Lhs[j])
		kind := useConfig
		ok := v != nil && c.eachUseAfter(v, p.End(), s.decl.Body, func(id *ast.Ident, stack []ast.Node) bool {
			switch c.deadlineUse(id, stack, s.decl.Body, dl, 1) {
			case useSend:
				kind = useSend
			case useConfig, useTransport, useTimeout:
			default:
				return false
			}
			return true
		})
		if ok {
			return kind
		}
	}
	return useEscape
}

// innermostFunc returns the innermost function declaration or literal of a
// stack (root first).
func innermostFunc(stack []ast.Node) ast.Node {
	for i := len(stack) - 1; i >= 0; i-- {
		switch stack[i].(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			return stack[i]
		}
	}
	return nil
}
