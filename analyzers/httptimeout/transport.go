package httptimeout

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// transportFields are the http.Transport fields that bound one layer of a
// request, and the layer they bound.
var transportFields = []struct{ field, layer string }{
	{"DialContext", "dialing"},
	{"Dial", "dialing"},
	{"DialTLSContext", "dialing"},
	{"TLSHandshakeTimeout", "the TLS handshake"},
	{"ResponseHeaderTimeout", "the wait for response headers"},
}

// layers returns the layers the client's transports bound, in a fixed order,
// without duplicates. A transport is followed through & and local variables.
func (c *checker) layers(transports []ast.Expr, body *ast.BlockStmt) []string {
	set := make(map[string]bool)
	for _, t := range transports {
		lit := c.transportLit(t, body, 0)
		if lit == nil {
			continue
		}
		for _, f := range transportFields {
			if v := field(lit, f.field); v != nil && !isZero(c.info, v) && c.bounds(f.field, v, body) {
				set[f.layer] = true
			}
		}
	}
	var out []string
	for _, f := range transportFields {
		if set[f.layer] {
			out = append(out, f.layer)
			delete(set, f.layer)
		}
	}
	return out
}

// bounds reports whether a transport field's value really limits its layer: a
// dial function counts when a net.Dialer with a Timeout is in sight.
func (c *checker) bounds(name string, v ast.Expr, body *ast.BlockStmt) bool {
	switch name {
	case "DialContext", "Dial", "DialTLSContext":
		return c.dialerTimeout(v, body, 0)
	}
	return true
}

func (c *checker) dialerTimeout(e ast.Expr, body *ast.BlockStmt, depth int) bool {
	if e == nil || depth > 3 {
		return false
	}
	found := false
	code.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CompositeLit:
			if t := field(n, "Timeout"); t != nil && !isZero(c.info, t) {
				found = true
			}
		case *ast.Ident:
			if v, ok := c.info.Uses[n].(*types.Var); ok && body != nil {
				for _, d := range localDefs(c.info, body, v) {
					if c.dialerTimeout(d, body, depth+1) {
						found = true
					}
				}
			}
		}
		return !found
	})
	return found
}

// transportLit returns the http.Transport literal an expression denotes.
func (c *checker) transportLit(e ast.Expr, body *ast.BlockStmt, depth int) *ast.CompositeLit {
	if e == nil || depth > 3 {
		return nil
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.UnaryExpr:
		return c.transportLit(x.X, body, depth+1)
	case *ast.CompositeLit:
		if isTransport(c.info.TypeOf(x)) {
			return x
		}
	case *ast.Ident:
		v, ok := c.info.Uses[x].(*types.Var)
		if !ok || body == nil {
			return nil
		}
		for _, d := range localDefs(c.info, body, v) {
			if lit := c.transportLit(d, body, depth+1); lit != nil {
				return lit
			}
		}
	}
	return nil
}

func isTransport(t types.Type) bool {
	if t == nil {
		return false
	}
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && code.IsObject(n.Obj(), "net/http", "Transport")
}

// localDefs returns the expressions assigned to v by name in body (:=, =,
// var), from the package's def index.
func localDefs(info *types.Info, body ast.Node, v *types.Var) []ast.Expr {
	return code.Values(info, v, func(d code.Def) bool { return body.Pos() <= d.Stmt.Pos() && d.Stmt.Pos() < body.End() })
}
