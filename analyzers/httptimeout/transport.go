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
	{"ResponseHeaderTimeout", headerLayer},
}

// headerLayer is the layer ResponseHeaderTimeout bounds: the wait for an answer.
const headerLayer = "the wait for response headers"

// layers returns the layers the client's transports bound, in a fixed order,
// without duplicates. A transport is followed through &, local variables and
// fields the function assigned before the read (transportLit); one a
// function builds with a ResponseHeaderTimeout bounds the answer
// (builtBounded), and so does one whose dial functions give back
// connections with a deadline on every read (dialsBoundedReads), or one of
// another package that watches its connections (watchedTransport).
func (c *checker) layers(transports []ast.Expr, body *ast.BlockStmt) []string {
	set := make(map[string]bool)
	for _, t := range transports {
		if c.builtBounded(t, body, 0) || c.watchedTransport(t, body, 0) {
			set[headerLayer] = true
		}
		for _, f := range transportFields {
			if v := c.assignedField(t, f.field, body); v != nil && !isZero(c.info, v) && c.bounds(f.field, v, body) {
				set[f.layer] = true
			}
		}
		lit := c.transportLit(t, body, 0)
		if lit == nil {
			continue
		}
		if c.dialsBoundedReads(lit) {
			set[headerLayer] = true
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

// dialFields are the http.Transport fields whose function dials the
// connections requests are sent on: DialContext (or Dial) for plain HTTP and
// under the transport's own TLS, DialTLSContext (or DialTLS) for HTTPS.
var dialFields = []string{"DialContext", "Dial", "DialTLSContext", "DialTLS"}

// dialsBoundedReads reports whether a transport literal has a dial function
// and every one it has gives back connections whose every read has a
// deadline (retryscope.DialBoundsReads): a server that never answers then
// fails the read, as with a ResponseHeaderTimeout. A TLS dial that does not
// leaves HTTPS unbounded.
func (c *checker) dialsBoundedReads(lit *ast.CompositeLit) bool {
	if c.p.Scope == nil {
		return false
	}
	dials := 0
	for _, name := range dialFields {
		v := field(lit, name)
		if v == nil || code.IsNil(c.info, v) {
			continue
		}
		if !c.p.Scope.DialBoundsReads(v) {
			return false
		}
		dials++
	}
	return dials > 0
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

// transportLit returns the http.Transport literal an expression denotes:
// the literal, through & and a local variable's definitions, or a field
// (w.Transport) the same function assigned a literal before this read, as a
// constructor fills a struct's transport and then builds its client from it.
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
	case *ast.SelectorExpr:
		for _, d := range c.fieldDefsBefore(x, body) {
			if lit := c.transportLit(d, body, depth+1); lit != nil {
				return lit
			}
		}
	}
	return nil
}

// assignedField returns the value body assigns to a field of a local
// transport variable (t := http.DefaultTransport.(*http.Transport).Clone();
// t.ResponseHeaderTimeout = d), or nil. The transport is shared by pointer,
// so a field set after the client took it still bounds the client's requests.
func (c *checker) assignedField(e ast.Expr, name string, body *ast.BlockStmt) ast.Expr {
	if u, ok := ast.Unparen(e).(*ast.UnaryExpr); ok {
		e = u.X
	}
	v := code.VarOf(c.info, e)
	if v == nil || body == nil || !isTransport(v.Type()) {
		return nil
	}
	for _, d := range code.DefsIn(c.info, body.Pos(), body.End()) {
		if sel, ok := ast.Unparen(d.Lhs).(*ast.SelectorExpr); ok && d.Value != nil && sel.Sel.Name == name && code.VarOf(c.info, sel.X) == v {
			return d.Value
		}
	}
	return nil
}

// fieldDefsBefore returns the values body assigns to the field path read
// (w.Transport, s.cfg.tr) in statements that end before the read.
func (c *checker) fieldDefsBefore(read *ast.SelectorExpr, body *ast.BlockStmt) []ast.Expr {
	sel := c.info.Selections[read]
	root := code.Root(c.info, read, 0)
	if body == nil || sel == nil || sel.Kind() != types.FieldVal || root == nil {
		return nil
	}
	path := types.ExprString(read)
	var out []ast.Expr
	code.TreeOf(c.info).Inspect(body, []ast.Node{(*ast.AssignStmt)(nil)}, func(n ast.Node) bool {
		as := n.(*ast.AssignStmt)
		if as.End() > read.Pos() {
			return false
		}
		for j, l := range as.Lhs {
			if types.ExprString(l) == path && code.Root(c.info, l, 0) == root {
				if rhs := code.PairedRHS(as.Lhs, as.Rhs, j); rhs != nil {
					out = append(out, rhs)
				}
			}
		}
		return true
	})
	return out
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

// everyLocalDef reports whether id names a local variable that body gives
// at least one value and every value it gives satisfies ok.
func everyLocalDef(info *types.Info, id *ast.Ident, body *ast.BlockStmt, ok func(ast.Expr) bool) bool {
	v, isVar := info.Uses[id].(*types.Var)
	if !isVar || body == nil {
		return false
	}
	defs := localDefs(info, body, v)
	for _, d := range defs {
		if !ok(d) {
			return false
		}
	}
	return len(defs) > 0
}

// builtBounded reports whether a transport expression is the result of a
// function of the analysed code that sets its ResponseHeaderTimeout
// (retryscope.BoundsAnswer), directly or through a local variable.
func (c *checker) builtBounded(e ast.Expr, body *ast.BlockStmt, depth int) bool {
	if e == nil || depth > 3 || c.p.Scope == nil {
		return false
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		return c.p.Scope.TransportBoundsAnswer(code.Callee(c.info, x))
	case *ast.Ident:
		return everyLocalDef(c.info, x, body, func(d ast.Expr) bool { return c.builtBounded(d, body, depth+1) })
	}
	return false
}
