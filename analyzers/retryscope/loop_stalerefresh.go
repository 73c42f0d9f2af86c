package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/cfg"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A loop that goes round only when its state went stale, after reading it anew.
//
// An optimistic-concurrency loop acts on state it holds (a cached version, a
// published list of tables) and goes round only on the error that says the
// state moved on meanwhile: errors.Is(err, errStale), ErrStaleList, a version
// conflict. Before the next round it reads the state again: either a refresh
// on the way back (if err := s.refresh(ctx); err != nil { return err }) that
// asks the attempt's own operands (its receiver, a shared variable) and whose
// failure leaves the loop, or the attempt itself, a function of the package
// that returns the stale error only after it acquired the state anew (a call
// whose result it keeps) and not by comparing with a field it holds (if v !=
// s.version), which only a refresh renews. Each round asks with new state; a repeat needs
// another writer to move the state on again, so it must not wait, and every
// other error leaves (Region.RefreshesOnStale). When the refresh or the
// attempt takes a context, cancellation ends the loop too
// (Region.StaleRefreshEndsWithContext). A loop that goes round on every error,
// or on a stale error with nothing read anew (the attempt compares a cached
// field and returns), is a retry.

// staleRefresh is what the engine knows of a stale-state loop.
type staleRefresh struct {
	refreshes, withContext bool
}

// RefreshesOnStale reports whether the loop goes round only on a stale-state
// error and reads the state anew before the next round.
func (r *Region) RefreshesOnStale() bool { return r.stale.refreshes }

// StaleRefreshEndsWithContext reports whether such a loop's refresh or
// attempt takes a context, which ends the loop when it is done.
func (r *Region) StaleRefreshEndsWithContext() bool {
	return r.stale.refreshes && r.stale.withContext
}

// refreshesOnStale decides Region.RefreshesOnStale for a loop region.
func (f *flow) refreshesOnStale(l *loop, r *Region, retrying []*outcomeCheck) staleRefresh {
	var sentinels []*types.Var
	onlyStale := r.ways != nil && r.ways.passOnly(func(c errorClass) bool {
		if c.sentinel != nil {
			sentinels = append(sentinels, c.sentinel)
		}
		return staleState(c)
	})
	if !onlyStale {
		return staleRefresh{}
	}
	out := staleRefresh{refreshes: true, withContext: true}
	checks := f.outcomeChecks(l)
	for _, c := range retrying {
		refresh := f.refreshOnWayBack(l, c, checks)
		switch {
		case refresh != nil:
			out.withContext = out.withContext && (takesContext(f.info, refresh) || takesContext(f.info, c.attempts[0]))
		case f.attemptReadsAnew(c, sentinels):
			out.withContext = out.withContext && takesContext(f.info, c.attempts[0])
		default:
			return staleRefresh{}
		}
	}
	return out
}

// staleState reports whether an error class says the state acted on moved on:
// a write's conflict, or an error named for stale state.
func staleState(c errorClass) bool {
	switch {
	case conflict(c):
		return true
	case c.sentinel != nil:
		return namesStale(c.sentinel.Name())
	case c.typ != nil:
		return namesStale(c.typ.Name())
	}
	return false
}

func namesStale(name string) bool { return code.NameSays(name, "stale", "outdated") }

// refreshOnWayBack returns the call of another outcome check of the loop that
// every way from c's failure back to the header passes, that uses an operand
// of c's attempt (contexts aside) and whose failure always leaves the loop:
// the refresh. Nil when there is none.
func (f *flow) refreshOnWayBack(l *loop, c *outcomeCheck, checks []*outcomeCheck) *ast.CallExpr {
	if len(c.attempts) == 0 {
		return nil
	}
	none := func(*cfg.Block) *outcomeCheck { return nil }
	for _, o := range checks {
		if o == c || len(o.attempts) == 0 || slices.Contains(c.attempts, o.attempts[0]) {
			continue
		}
		refresh := o.attempts[0]
		if !sharesOperand(f.info, refresh, c.attempts[0]) || !f.alwaysLeaves(l, o.failure(), none) {
			continue
		}
		if l.everyWayBack(c.failure(), func(b *cfg.Block) bool { return b == o.block }) {
			return refresh
		}
	}
	return nil
}

// attemptReadsAnew reports whether the attempt is a function of the package
// that returns one of the stale sentinels itself, after a call that takes a
// context and whose non-error result it keeps: it acquired the state it
// judged stale in this very call.
func (f *flow) attemptReadsAnew(c *outcomeCheck, sentinels []*types.Var) bool {
	fn := code.Callee(f.info, c.attempts[0])
	if fn == nil || len(sentinels) == 0 {
		return false
	}
	node := f.res.funcs.byObj[fn.Origin()]
	if node == nil || node.body == nil {
		return false
	}
	returned := false
	for _, ret := range returnsOf(node.body) {
		if !slices.ContainsFunc(ret.Results, func(e ast.Expr) bool { return slices.Contains(sentinels, packageVar(f.info, e)) }) {
			continue
		}
		if !f.acquiresBefore(node.body, ret) || f.judgesHeldField(ret) {
			return false
		}
		returned = true
	}
	return returned
}

// acquiresBefore reports whether body assigns, before ret, a variable that is
// no error from a call that takes a context.
func (f *flow) acquiresBefore(body *ast.BlockStmt, ret *ast.ReturnStmt) bool {
	for _, d := range code.DefsIn(f.info, body.Pos(), ret.Pos()) {
		call, ok := ast.Unparen(d.Value).(*ast.CallExpr)
		if ok && d.Var != nil && !isErrorType(d.Var.Type()) && takesContext(f.info, call) {
			return true
		}
	}
	return false
}

// judgesHeldField reports whether an if statement around ret compares with
// a field (v != s.version): the field is the state the attempt holds, what it
// read is compared with it, and only a refresh of the field renews it.
func (f *flow) judgesHeldField(ret *ast.ReturnStmt) bool {
	for _, n := range code.TreeOf(f.info).Enclosing(ret) {
		is, ok := n.(*ast.IfStmt)
		if !ok {
			continue
		}
		held := false
		code.Inspect(is.Cond, func(m ast.Node) bool {
			if b, ok := m.(*ast.BinaryExpr); ok && b.Op.Precedence() == token.EQL.Precedence() {
				held = held || isField(f.info, b.X) || isField(f.info, b.Y)
			}
			return !held
		})
		if held {
			return true
		}
	}
	return false
}

func isField(info *types.Info, e ast.Expr) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	s := info.Selections[sel]
	return s != nil && s.Kind() == types.FieldVal
}

// returnsOf returns the return statements of body, function literals aside.
func returnsOf(body *ast.BlockStmt) []*ast.ReturnStmt {
	var out []*ast.ReturnStmt
	code.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			out = append(out, n)
		}
		return true
	})
	return out
}

// takesContext reports whether one of call's arguments is a context.
func takesContext(info *types.Info, call *ast.CallExpr) bool {
	return code.ContextArg(info, call) != nil
}
