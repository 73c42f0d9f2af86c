package httptimeout

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A client field of an interface type (a Doer the caller may replace) is
// often asserted back to *http.Client by an option that sets up its
// transport: `hc, ok := c.httpClient.(*http.Client); if !ok { return err };
// hc.Transport.(*limited).UserAgent = ua`. That reads and writes the
// client's settings and sends nothing, as c.hc.Transport does on a field of
// the concrete type: the requests are the field's Do calls.

// assertedToConfigure reports whether the type assertion ta, whose operand
// is the client field, defines a variable that the function only reads
// fields of, compares or assigns fields of (see above).
func (c *checker) assertedToConfigure(ta *ast.TypeAssertExpr, stack []ast.Node) bool {
	as, ok := parentAt(stack, len(stack)-3).(*ast.AssignStmt)
	if !ok || len(as.Rhs) != 1 || as.Rhs[0] != ta || len(as.Lhs) == 0 {
		return false
	}
	id, ok := as.Lhs[0].(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := c.info.Defs[id].(*types.Var)
	body := outermostBody(stack)
	if !ok || body == nil {
		return false
	}
	only := true
	code.TreeOf(c.info).WalkStack(body, identKinds, func(n ast.Node, st func() []ast.Node) bool {
		if n.(*ast.Ident) == id || c.info.Uses[n.(*ast.Ident)] != v {
			return only
		}
		stk := st()
		sel, isSel := parentAt(stk, len(stk)-2).(*ast.SelectorExpr)
		if isSel && sel.X == n {
			s, isField := c.info.Selections[sel]
			only = isField && s.Kind() == types.FieldVal
		} else {
			_, isCmp := parentAt(stk, len(stk)-2).(*ast.BinaryExpr)
			only = isCmp
		}
		return only
	})
	return only
}
