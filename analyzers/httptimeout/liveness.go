package httptimeout

import (
	"go/ast"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A transport other than net/http's that watches its own connections. An
// HTTP/2 transport with a ReadIdleTimeout (golang.org/x/net/http2) sends a
// ping on a connection that has been silent that long and closes it when
// the ping is not answered in time; an HTTP/3 transport whose QUIC
// configuration sets MaxIdleTimeout or KeepAlivePeriod closes a connection
// that hears nothing from its peer. Such a transport is how a client that
// streams long bodies (a tunnel, a watch) bounds a dead server or a broken
// path without a whole-request Timeout, as ResponseHeaderTimeout is for
// net/http's transport; a dial function whose connections bound every read
// (retryscope.DialBoundsReads) does the same for an HTTP/2 transport.

// watchedTransport reports whether some transport literal e may hold
// (directly, through &, a local variable's values or a field the function
// assigned before) watches its connections (see above). Any one counts, as
// any transport of the client with a ResponseHeaderTimeout does.
func (c *checker) watchedTransport(e ast.Expr, body *ast.BlockStmt, depth int) bool {
	if e == nil || depth > 3 {
		return false
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.UnaryExpr:
		return c.watchedTransport(x.X, body, depth+1)
	case *ast.CompositeLit:
		return c.watchesConns(x, body)
	case *ast.Ident:
		if v, ok := c.info.Uses[x].(*types.Var); ok && body != nil {
			for _, d := range localDefs(c.info, body, v) {
				if c.watchedTransport(d, body, depth+1) {
					return true
				}
			}
		}
	case *ast.SelectorExpr:
		for _, d := range c.fieldDefsBefore(x, body) {
			if c.watchedTransport(d, body, depth+1) {
				return true
			}
		}
	}
	return false
}

// watchesConns reports whether a transport literal that is not net/http's
// (whose fields layers reads) pings idle connections, has a QUIC
// configuration that drops silent ones, or dials connections whose reads
// are bounded.
func (c *checker) watchesConns(lit *ast.CompositeLit, body *ast.BlockStmt) bool {
	if isTransport(c.info.TypeOf(lit)) {
		return false
	}
	if v := field(lit, "ReadIdleTimeout"); v != nil && isDuration(c.info.TypeOf(v)) && !isZero(c.info, v) {
		return true
	}
	for _, el := range lit.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok && isQUICConfig(c.info.TypeOf(kv.Value)) && c.quicDropsSilent(kv.Value, body) {
			return true
		}
	}
	return c.dialsBoundedReads(lit)
}

// quicLiveness are the QUIC configuration's fields that end a connection
// that hears nothing from its peer.
var quicLiveness = []string{"MaxIdleTimeout", "KeepAlivePeriod"}

// isQUICConfig reports whether t is a pointer to a struct with the QUIC
// liveness fields, of type time.Duration: quic-go's Config or a fork's.
func isQUICConfig(t types.Type) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	if !ok {
		return false
	}
	for _, name := range quicLiveness {
		f, _, _ := types.LookupFieldOrMethod(p.Elem(), false, nil, name)
		if v, isVar := f.(*types.Var); !isVar || !v.IsField() || !isDuration(v.Type()) {
			return false
		}
	}
	return true
}

// quicDropsSilent reports whether a QUIC configuration (a literal, or a
// local variable body defines) sets a liveness field to a value that is not
// the constant 0, in the literal or by a later assignment in body.
func (c *checker) quicDropsSilent(e ast.Expr, body *ast.BlockStmt) bool {
	if u, ok := ast.Unparen(e).(*ast.UnaryExpr); ok {
		e = u.X
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.CompositeLit:
		for _, name := range quicLiveness {
			if v := field(x, name); v != nil && !isZero(c.info, v) {
				return true
			}
		}
	case *ast.Ident:
		v, ok := c.info.Uses[x].(*types.Var)
		if !ok || body == nil {
			return false
		}
		for _, d := range localDefs(c.info, body, v) {
			if c.quicDropsSilent(d, body) {
				return true
			}
		}
		return c.setsQUICLiveness(v, body)
	}
	return false
}

// setsQUICLiveness reports whether body assigns v.MaxIdleTimeout or
// v.KeepAlivePeriod a value that is not the constant 0.
func (c *checker) setsQUICLiveness(v *types.Var, body *ast.BlockStmt) bool {
	for _, d := range code.DefsIn(c.info, body.Pos(), body.End()) {
		sel, ok := ast.Unparen(d.Lhs).(*ast.SelectorExpr)
		if ok && d.Value != nil && code.VarOf(c.info, sel.X) == v && slices.Contains(quicLiveness, sel.Sel.Name) && !isZero(c.info, d.Value) {
			return true
		}
	}
	return false
}

func isDuration(t types.Type) bool {
	return code.IsNamed(t, "time", "Duration")
}
