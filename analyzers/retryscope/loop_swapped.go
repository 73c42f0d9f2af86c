package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/cfg"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// Two loops go round after a failure without doing the failed attempt again;
// both are marked Failover, like a loop over replicas (loop_changes.go).
//
// A swapped resource: the failure goes back to the attempt only when the
// resource the attempt ran on is no longer the current one,
//
//	for {
//		conn := c.current.Load()
//		n, err := conn.Read(b)
//		if err != nil && conn != c.currentConn() {
//			continue // someone rebound the socket: read from the new one
//		}
//		return n, err
//	}
//
// The next attempt runs on the new resource, and every failure of a resource
// that is still current leaves the loop: the test classifies (only "closed
// under me by a swap" goes round) and nothing waits for a shared server to
// recover. The rule: every way from the failure back to the header passes the
// "differs" side of a comparison between a variable the attempt uses (its
// receiver or an argument, directly or through values the loop derives from
// it) and a fresh read of the current resource (a call or a field, not nil,
// not a constant, not derived from the variable), and the loop assigns the
// variable anew. A test against nil, or a variable the loop never reassigns,
// leaves a retry.
//
// A redirect: the attempt takes its target from a field of the last failure's
// error, read out as a concrete type (for errors.As(err, &nl) { res, err =
// forward(nl.Leader, cmd) }). Each round goes where the refusal pointed: the
// request follows a redirect to the leader instead of hammering one server.
// A numeric field (a delay, a code) is not a target, and an attempt that does
// not take the error's field is a retry.

// failsOver reports whether c's failure goes round only onto a swapped
// resource, or onto the target its error names (see above).
func (f *flow) failsOver(l *loop, c *outcomeCheck) bool {
	return f.retriesOnSwap(l, c) || f.followsRedirect(l, c)
}

// retriesOnSwap reports whether every way from c's failure back to the header
// passes a test that the resource the attempt used was replaced.
func (f *flow) retriesOnSwap(l *loop, c *outcomeCheck) bool {
	failure := 1
	if c.failWhenTrue {
		failure = 0
	}
	if differs, ok := f.swapTest(l, c, c.block); ok {
		return differs == failure // if err != nil && conn != current()
	}
	seen := map[*cfg.Block]bool{}
	passed := false
	var visit func(b *cfg.Block) bool
	visit = func(b *cfg.Block) bool {
		if b == l.header {
			return false
		}
		if !l.holds(b) || seen[b] {
			return true
		}
		seen[b] = true
		if differs, ok := f.swapTest(l, c, b); ok {
			passed = true
			return visit(b.Succs[1-differs]) // the way on the same resource must not go round
		}
		for _, s := range b.Succs {
			if !visit(s) {
				return false
			}
		}
		return true
	}
	return visit(c.failure()) && passed
}

// swapTest reports whether b's condition tests that the resource an attempt
// of c used was replaced, and which successor is the "replaced" side:
// v != fresh alone or in a chain of &&, Succs[0]; v == fresh alone or in a
// chain of ||, Succs[1].
func (f *flow) swapTest(l *loop, c *outcomeCheck, b *cfg.Block) (int, bool) {
	cond := condOf(b)
	if cond == nil {
		return 0, false
	}
	for _, t := range []struct {
		chain, cmp token.Token
		differs    int
	}{{token.LAND, token.NEQ, 0}, {token.LOR, token.EQL, 1}} {
		for _, e := range operands(cond, t.chain) {
			if be, ok := ast.Unparen(e).(*ast.BinaryExpr); ok && be.Op == t.cmp && f.comparesResource(l, c, be) {
				return t.differs, true
			}
		}
	}
	return 0, false
}

// operands flattens a chain of op (a && b && c) into its operands.
func operands(e ast.Expr, op token.Token) []ast.Expr {
	if be, ok := ast.Unparen(e).(*ast.BinaryExpr); ok && be.Op == op {
		return append(operands(be.X, op), operands(be.Y, op)...)
	}
	return []ast.Expr{e}
}

// comparesResource reports whether a comparison sets a variable an attempt of
// c runs on, that the loop assigns, against a fresh read of the resource.
func (f *flow) comparesResource(l *loop, c *outcomeCheck, cmp *ast.BinaryExpr) bool {
	assigned := f.assignsIn(l)
	for _, pair := range [][2]ast.Expr{{cmp.X, cmp.Y}, {cmp.Y, cmp.X}} {
		v, ok := f.info.Uses[identOf(pair[0])].(*types.Var)
		if ok && len(assigned[v]) > 0 && f.usesResource(l, c, v) && f.freshRead(pair[1], v) {
			return true
		}
	}
	return false
}

// usesResource reports whether an attempt of c runs on v: v, or a value the
// loop derives from it, is the attempt's receiver or one of its arguments.
func (f *flow) usesResource(l *loop, c *outcomeCheck, v *types.Var) bool {
	set := f.derived(l, []types.Object{v})
	for _, call := range c.attempts {
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && mentions(f.info, sel.X, set) {
			return true
		}
		for _, a := range call.Args {
			if t := f.info.TypeOf(a); t != nil && !IsContext(t) && mentions(f.info, a, set) {
				return true
			}
		}
	}
	return false
}

// freshRead reports whether e reads the current resource again: it calls a
// function or reads a field, is neither nil nor a constant, and does not use v.
func (f *flow) freshRead(e ast.Expr, v *types.Var) bool {
	if tv, ok := f.info.Types[e]; !ok || tv.IsNil() || tv.Value != nil || mentions(f.info, e, []types.Object{v}) {
		return false
	}
	reads := false
	code.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			reads = true
		case *ast.SelectorExpr:
			if s := f.info.Selections[n]; s != nil && s.Kind() == types.FieldVal {
				reads = true
			}
		}
		return !reads
	})
	return reads
}

// followsRedirect reports whether an attempt of c takes as an argument a
// non-numeric field of a value read out of the error as a concrete type.
func (f *flow) followsRedirect(l *loop, c *outcomeCheck) bool {
	views := f.errorViews(l, c.vars)
	if len(views) == 0 {
		return false
	}
	found := false
	for _, call := range c.attempts {
		for _, a := range call.Args {
			code.Inspect(a, func(n ast.Node) bool {
				sel, ok := n.(*ast.SelectorExpr)
				if !ok || found {
					return !found
				}
				s := f.info.Selections[sel]
				if s == nil || s.Kind() != types.FieldVal || !mentions(f.info, sel.X, views) {
					return true
				}
				b, basic := s.Type().Underlying().(*types.Basic)
				found = !basic || b.Info()&types.IsNumeric == 0
				return !found
			})
		}
	}
	return found
}
