package httptimeout

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A variable that gets one client or another on different paths
// (`c := &http.Client{}; if tlsOn { c = &http.Client{Transport: tr} }`)
// sends with whichever it holds: the sends are one place to fix, so they are
// one finding, at the first client without Timeout in source order. A later
// client of the variable is reported on its own only when something between
// the two could send with the earlier one, or when it names another send.

// holding is a client put in a local variable by stmt.
type holding struct {
	v    *types.Var
	stmt ast.Node
	body *ast.BlockStmt
}

// heldReport is the last client reported for a variable: where its
// statement ends and the send its finding names.
type heldReport struct {
	end  token.Pos
	send sendNote
}

// holdingOf returns the local variable lhs names, or nil.
func (c *checker) holdingOf(lhs ast.Expr, stmt ast.Node, body *ast.BlockStmt) *holding {
	v := code.VarOf(c.info, lhs)
	if v == nil || v.Parent() == c.p.Pkg.Scope() || body == nil {
		return nil
	}
	return &holding{v: v, stmt: stmt, body: body}
}

// noteReported remembers the client just reported for its variable.
func (c *checker) noteReported(h *holding) {
	if h == nil {
		return
	}
	if c.heldReported == nil {
		c.heldReported = make(map[*types.Var]heldReport)
	}
	c.heldReported[h.v] = heldReport{end: h.stmt.End(), send: c.unboundedSend}
}

// sameSendsReported reports whether an earlier client of the same variable
// was reported naming the same send, and every mention of the variable
// between the two only configures it or gives it another client: nothing
// sent with the earlier client before this one took its place, so both reach
// the same sends.
func (c *checker) sameSendsReported(h *holding) bool {
	if h == nil {
		return false
	}
	rec, ok := c.heldReported[h.v]
	if !ok || rec.send != c.unboundedSend {
		return false
	}
	return c.eachUseAfter(h.v, rec.end, h.body, func(id *ast.Ident, stack []ast.Node) bool {
		if id.Pos() >= h.stmt.Pos() {
			return true // this client's own statement and what follows it
		}
		kind, _ := c.useOf(id, stack)
		return kind == useConfig
	})
}
