package httptimeout

import (
	"go/ast"
)

// A client field read as an argument of a function of the package is
// followed into that function, as a local client handed to it is
// (paramSendsWithDeadline): `lookup(ctx, s.client)` where lookup only does
// NewRequestWithContext(ctx, ...) and Do is a send with the caller's bound.
// The callee's context parameters are bound as the arguments of this call
// are, in the function the call lies in.

// fieldArgSendsWithDeadline reports whether call passes the field read sel to
// a function of the package that only sends requests with a deadline
// through it.
func (c *checker) fieldArgSendsWithDeadline(call *ast.CallExpr, sel *ast.SelectorExpr, stack []ast.Node) bool {
	j := indexOf(call.Args, sel)
	fd := enclosingDecl(stack)
	if j < 0 || fd == nil || call.Fun == sel {
		return false
	}
	return c.paramSendsWithDeadline(call, j, outermostBody(stack), c.deadlineParams(fd, 0), 1)
}
