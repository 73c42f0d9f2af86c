package httptimeout

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
	"github.com/retrylint/retrylint/analyzers/retryscope"
)

// unixOnly reports whether one of the client's transports dials only unix
// sockets: a literal whose DialContext/Dial does (retryscope.UnixTransportLit),
// or a transport variable (a clone of http.DefaultTransport, or a literal
// without dial fields) whose DialContext/Dial the function assigns such a
// function. Such a client talks to a process on the same machine (local IPC),
// not to a server across a network.
func (c *checker) unixOnly(transports []ast.Expr, body *ast.BlockStmt) bool {
	for _, t := range transports {
		if c.unixVar(t, body) {
			return true
		}
		if lit := c.transportLit(t, body, 0); lit != nil && retryscope.UnixTransportLit(c.info, lit) {
			return true
		}
	}
	return false
}

// unixVar reports whether a transport variable gets only unix-socket dial
// functions assigned in body (tr.DialContext = func(...) { return
// d.DialContext(ctx, "unix", sock) }), and no TLS dial of its own, when every
// definition of it is a transport that dials nothing of its own. A proxy the
// transport uses is dialled through DialContext too.
func (c *checker) unixVar(t ast.Expr, body *ast.BlockStmt) bool {
	id, ok := ast.Unparen(t).(*ast.Ident)
	if !ok || body == nil {
		return false
	}
	v, ok := c.info.Uses[id].(*types.Var)
	if !ok {
		return false
	}
	defs := localDefs(c.info, body, v)
	if len(defs) == 0 {
		return false
	}
	for _, d := range defs {
		if !c.dialsNothingOwn(d) {
			return false
		}
	}
	unix, other := 0, 0
	code.Inspect(body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok {
			return true
		}
		for i, l := range as.Lhs {
			sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
			if !ok {
				continue
			}
			if x, ok := ast.Unparen(sel.X).(*ast.Ident); !ok || c.info.Uses[x] != v {
				continue
			}
			switch sel.Sel.Name {
			case "DialContext", "Dial":
				if len(as.Rhs) == len(as.Lhs) && retryscope.DialsOnlyUnix(c.info, as.Rhs[i]) {
					unix++
				} else {
					other++
				}
			case "DialTLSContext", "DialTLS":
				other++
			}
		}
		return true
	})
	return unix > 0 && other == 0
}

// dialsNothingOwn reports whether a transport value has no dial function of
// its own: http.DefaultTransport.(*http.Transport).Clone(), or a transport
// literal without Dial, DialContext, DialTLS or DialTLSContext.
func (c *checker) dialsNothingOwn(e ast.Expr) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.UnaryExpr:
		return c.dialsNothingOwn(x.X)
	case *ast.CompositeLit:
		return isTransport(c.info.TypeOf(x)) && field(x, "Dial") == nil && field(x, "DialContext") == nil &&
			field(x, "DialTLS") == nil && field(x, "DialTLSContext") == nil
	case *ast.CallExpr:
		sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Clone" || !isTransport(c.info.TypeOf(x)) {
			return false
		}
		assert, ok := ast.Unparen(sel.X).(*ast.TypeAssertExpr)
		if !ok {
			return false
		}
		def, ok := ast.Unparen(assert.X).(*ast.SelectorExpr)
		return ok && code.IsObject(c.info.Uses[def.Sel], "net/http", "DefaultTransport")
	}
	return false
}
