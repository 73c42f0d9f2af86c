package httptimeout

import (
	"go/ast"
	"go/types"
)

// A client field of an interface type (a Doer the caller may replace) is
// often asserted back to *http.Client by an option that sets up its
// transport: `hc, ok := c.httpClient.(*http.Client); if !ok { return err };
// hc.Transport.(*limited).UserAgent = ua`. That reads and writes the
// client's settings and sends nothing, as c.hc.Transport does on a field of
// the concrete type: the requests are the field's Do calls.

// assertedToConfigure reports whether the type assertion ta, whose operand
// is the client field, defines a variable whose every use configures the
// client (useOf: a field read or set, a nil check; see above).
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
	return c.eachUseAfter(v, as.End(), body, func(use *ast.Ident, st []ast.Node) bool {
		kind, _ := c.useOf(use, st)
		return kind != useEscape
	})
}
