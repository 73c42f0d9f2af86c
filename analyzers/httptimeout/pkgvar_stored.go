package httptimeout

import (
	"go/ast"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A package-level client is often the default of an option (cmp.Or(opts.Client,
// defaultClient), or `if hc == nil { hc = defaultClient }`) that is then
// kept in a local variable or a field of the package's own struct. Such a
// read sends what that variable or field sends: it is judged as a client
// built there would be (sendsWithDeadline, fieldSendsWithDeadline), so a
// pooled client whose every request carries its caller's context needs no
// Timeout of its own.

// pkgVarStored reports whether the mention e of a package-level client (the
// last node of stack), or the result of a generic call that may hand it
// back, is stored in a local variable or field that only sends bounded
// requests.
func (c *checker) pkgVarStored(e ast.Expr, stack []ast.Node) bool {
	i := len(stack) - 2
	switch p := parentAt(stack, i).(type) {
	case *ast.CallExpr:
		return code.ArgReturned(c.info, p, indexOf(p.Args, e)) && c.pkgVarStored(p, stack[:i+1])
	case *ast.KeyValueExpr:
		return c.fieldSendsWithDeadline(c.storedField(e, p))
	case *ast.AssignStmt:
		return c.fieldSendsWithDeadline(c.storedField(e, p)) || c.storedInLocal(e, p, stack)
	}
	return false
}
