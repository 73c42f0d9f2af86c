package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/cfg"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A loop may take a new member of a pool on each round and drop the broken
// one, a failover over the pool's members rather than a retry of one
// attempt:
//
//	for {
//		c := <-idle // another connection each round
//		if err := c.Send(msg); err != nil {
//			c.Close() // broken: not handed back
//			continue
//		}
//		return c, nil
//	}
//
//	for {
//		v := pool.Get() // a sync.Pool: nil once it is empty
//		fresh := v == nil
//		if fresh {
//			if v, err = dial(); err != nil {
//				return err
//			}
//		}
//		if err := v.(*conn).Write(b); err == nil {
//			break
//		} else if fresh {
//			return err // a new connection's failure ends the loop
//		}
//	}
//
// The members a channel or a sync.Pool hands out are resources someone put
// there earlier; a pooled connection the server closed in the meantime fails
// its first write, and the next member is another connection. The rule: on
// every round the loop takes a value off a channel (<-ch) or out of a
// sync.Pool (Get) into a variable, and the attempt of every retrying check
// runs on it, as its receiver or an argument whose type has a Close method
// (a connection, not a number, a time or a signal), directly or through
// values derived from it. The member is never handed back (sent to the same
// channel, Put into the same pool) on a way that goes round: a member put
// back may be the next one taken. And the loop treats the failure as the
// member's: either every way from the failure back to the header closes the
// member, or it passes a nil test of the taken value whose "empty" side
// leaves the loop, so that only pooled members' failures go round and a
// fresh connection's failure goes to the caller. When the attempt's resource
// may be made afresh in the loop (a dial when the pool is empty, or a
// sync.Pool whose Get answers nil), only the second proof holds.
//
// A connection taken once before the loop, a member put back before going
// round, a member kept open while the same message goes to the next one (a
// retry that happens to draw its connection from a pool), a receive that
// only waits for a signal (struct{}, a time), and a fresh dial whose failure
// goes round stay retries.

// syncPoolGet is the Get of a sync.Pool.
const syncPoolGet = "(*sync.Pool).Get"

// poolTake is a value the loop takes from a pool into a variable.
type poolTake struct {
	take    ast.Expr // the receive or the Get
	source  ast.Expr // the channel or the pool
	mayMiss bool     // the take may hand out nothing (a sync.Pool's nil)
}

// drainsPool reports whether every retrying check's attempt runs on a member
// the loop takes anew from a pool on each round (see above).
func (f *flow) drainsPool(l *loop, retrying []*outcomeCheck) bool {
	takes := f.poolTakes(l)
	if len(takes) == 0 || len(retrying) == 0 {
		return false
	}
	var seeds []types.Object
	mayMiss := false
	for v, t := range takes {
		seeds = append(seeds, v)
		mayMiss = mayMiss || t.mayMiss
	}
	members := f.derived(l, seeds)
	if f.handsBack(l, takes, members) {
		return false
	}
	for _, c := range retrying {
		roots := f.memberOperands(c, members)
		switch {
		case len(roots) == 0:
			return false
		case f.freshLeaves(l, c, takes):
			// stale pooled members, then one fresh one whose failure leaves
		case mayMiss || f.madeAfresh(l, roots, members, takes):
			return false
		case !l.everyWayBack(c.failure(), func(b *cfg.Block) bool { return f.closesMember(b, roots) }):
			return false // a member kept open is no broken one: the same message goes to the next
		}
	}
	return true
}

// closesMember reports whether b closes one of roots (c.Close()).
func (f *flow) closesMember(b *cfg.Block, roots []types.Object) bool {
	found := false
	for _, n := range b.Nodes {
		code.Inspect(n, func(m ast.Node) bool {
			if _, lit := m.(*ast.FuncLit); lit || found {
				return false
			}
			if call, ok := m.(*ast.CallExpr); ok {
				sel, isSel := ast.Unparen(call.Fun).(*ast.SelectorExpr)
				found = isSel && sel.Sel.Name == "Close" && mentions(f.info, sel.X, roots)
			}
			return !found
		})
	}
	return found
}

// poolTakes maps the variables the loop assigns from a receive or a
// sync.Pool's Get, made on every round, to the take.
func (f *flow) poolTakes(l *loop) map[types.Object]poolTake {
	out := make(map[types.Object]poolTake)
	walkBody(f.info, f.fn.body, assignStmtKinds, func(n ast.Node) bool {
		as := n.(*ast.AssignStmt)
		if !l.contains(as.Pos()) || len(as.Rhs) != 1 || len(as.Lhs) == 0 {
			return true
		}
		t, ok := f.poolTakeOf(as.Rhs[0])
		if v := lhsObj(f.info, as.Lhs[0]); ok && v != nil && l.unavoidable(f.blocksAt(as.Pos())) {
			out[v] = t
		}
		return true
	})
	return out
}

// poolTakeOf reports whether e receives from a channel or calls a
// sync.Pool's Get, and returns the take.
func (f *flow) poolTakeOf(e ast.Expr) (poolTake, bool) {
	switch e := ast.Unparen(e).(type) {
	case *ast.UnaryExpr:
		if e.Op == token.ARROW {
			return poolTake{take: e, source: e.X}, true
		}
	case *ast.CallExpr:
		sel, isSel := ast.Unparen(e.Fun).(*ast.SelectorExpr)
		if fn := code.Callee(f.info, e); isSel && fn != nil && fn.FullName() == syncPoolGet {
			return poolTake{take: e, source: sel.X, mayMiss: true}, true
		}
	}
	return poolTake{}, false
}

// memberOperands returns the variables through which an attempt of c runs on
// a member: the roots of its receiver or arguments that mention members and
// whose type has a Close method.
func (f *flow) memberOperands(c *outcomeCheck, members []types.Object) []types.Object {
	var out []types.Object
	for _, call := range c.attempts {
		operands := call.Args
		if recv, ok := code.MethodRecv(f.info, call); ok {
			operands = append([]ast.Expr{recv}, operands...)
		}
		for _, e := range operands {
			if mentions(f.info, e, members) && f.closes(f.info.TypeOf(e)) {
				if o := code.Root(f.info, e, code.ThroughIndex); o != nil {
					out = appendNew(out, o)
				}
			}
		}
	}
	return out
}

// closes reports whether t has a Close method: a resource.
func (f *flow) closes(t types.Type) bool {
	if t == nil {
		return false
	}
	obj, _, _ := types.LookupFieldOrMethod(t, true, f.pass.Pkg, "Close")
	_, ok := obj.(*types.Func)
	return ok
}

// madeAfresh reports whether the loop also assigns one of roots from
// something that is no member (a dial when the pool is empty).
func (f *flow) madeAfresh(l *loop, roots, members []types.Object, takes map[types.Object]poolTake) bool {
	set := make(map[types.Object]bool, len(members))
	for _, m := range members {
		set[m] = true
	}
	taken := make(map[ast.Expr]bool, len(takes))
	for _, t := range takes {
		taken[t.take] = true
	}
	assigns := f.assignsIn(l)
	for _, r := range roots {
		for _, rhs := range assigns[r] {
			if rhs == nil || !taken[ast.Unparen(rhs)] && !f.dependsOn(rhs, set) {
				return true
			}
		}
	}
	return false
}

// handsBack reports whether the loop hands a member back to the source it
// took it from (ch <- c, pool.Put(c)) where the way goes round afterwards.
func (f *flow) handsBack(l *loop, takes map[types.Object]poolTake, members []types.Object) bool {
	sameSource := func(e ast.Expr) bool {
		for _, t := range takes {
			if types.ExprString(ast.Unparen(e)) == types.ExprString(ast.Unparen(t.source)) &&
				code.Root(f.info, e, code.ThroughIndex) == code.Root(f.info, t.source, code.ThroughIndex) {
				return true
			}
		}
		return false
	}
	found := false
	code.Inspect(loopBody(l.stmt), func(n ast.Node) bool {
		back := false
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.SendStmt:
			back = sameSource(n.Chan) && mentions(f.info, n.Value, members)
		case *ast.CallExpr:
			sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr)
			back = ok && sameSource(sel.X) && mentions(f.info, n, members)
		}
		if back {
			for b := range f.blocksAt(n.Pos()) {
				found = found || l.reachesHeader(b)
			}
		}
		return !found
	})
	return found
}

// freshLeaves reports whether every way from c's failure back to the header
// passes a nil test of a taken value whose "empty" side leaves the loop.
func (f *flow) freshLeaves(l *loop, c *outcomeCheck, takes map[types.Object]poolTake) bool {
	none := func(*cfg.Block) *outcomeCheck { return nil }
	passed, leaves := false, true
	everyWay := l.everyWayBack(c.failure(), func(b *cfg.Block) bool {
		empty, ok := f.emptyTest(l, condOf(b), takes, 0)
		if ok {
			passed = true
			leaves = leaves && f.alwaysLeaves(l, b.Succs[empty], none)
		}
		return ok
	})
	return everyWay && passed && leaves
}

// emptyTest reports whether cond tests a taken value against nil, directly
// or through a flag the loop sets once from such a test (fresh := v == nil),
// and which successor is the "empty" side.
func (f *flow) emptyTest(l *loop, cond ast.Expr, takes map[types.Object]poolTake, depth int) (int, bool) {
	if cond == nil || depth > 3 {
		return 0, false
	}
	switch e := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			side, ok := f.emptyTest(l, e.X, takes, depth+1)
			return 1 - side, ok
		}
	case *ast.Ident:
		v := code.VarOf(f.info, e)
		if rhss := f.assignsIn(l)[v]; v != nil && len(rhss) == 1 && rhss[0] != nil {
			return f.emptyTest(l, rhss[0], takes, depth+1)
		}
	case *ast.BinaryExpr:
		if e.Op != token.EQL && e.Op != token.NEQ {
			return 0, false
		}
		x, y := e.X, e.Y
		if f.info.Types[x].IsNil() {
			x, y = y, x
		}
		v := code.VarOf(f.info, x)
		if _, taken := takes[v]; !taken || v == nil || !f.info.Types[y].IsNil() {
			return 0, false
		}
		if e.Op == token.EQL {
			return 0, true
		}
		return 1, true
	}
	return 0, false
}
