package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/cfg"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A failover may pick its next alternative in an inner loop that moves a
// cursor along a list:
//
//	next := 0
//	for {
//		var pick *option
//		for pick == nil && next < len(opts) {
//			pick = choose(opts[next])
//			next++
//		}
//		if pick == nil {
//			return errAllFailed // the list is exhausted
//		}
//		if err := try(pick); err != nil {
//			continue
//		}
//		return nil
//	}
//
// The cursor outlives the rounds and only moves forward, so each round tries
// an alternative no earlier round tried, and the loop leaves once the list is
// exhausted: a failover bounded by the list, like a range over it. A cursor
// the loop sets back (next = 0, or declared in the loop) picks the same
// alternative again each round: a retry.

// picksByCursor reports whether an attempt of c takes a value picked by such
// an inner loop (see above).
func (f *flow) picksByCursor(l *loop, c *outcomeCheck) bool {
	found := false
	code.Inspect(loopBody(l.stmt), func(n ast.Node) bool {
		if _, isLit := n.(*ast.FuncLit); isLit || found {
			return false
		}
		inner, ok := n.(*ast.ForStmt)
		if !ok {
			return true
		}
		pick, cursor := f.cursorLoop(inner)
		found = pick != nil && f.forwardOnly(l, cursor) && f.leavesWhenUnpicked(l, pick) &&
			f.argsMention(l, c, []types.Object{pick})
		return !found
	})
	return found
}

// cursorLoop returns the pick and the cursor of a loop `for pick == nil &&
// cursor < len(list)` whose body sets pick from the list at the cursor and
// steps the cursor with ++.
func (f *flow) cursorLoop(s *ast.ForStmt) (pick, cursor types.Object) {
	bin, ok := ast.Unparen(s.Cond).(*ast.BinaryExpr)
	if !ok || bin.Op != token.LAND {
		return nil, nil
	}
	for _, pair := range [][2]ast.Expr{{bin.X, bin.Y}, {bin.Y, bin.X}} {
		pick, cursor = f.nilTested(pair[0]), f.boundedByLen(pair[1])
		if pick != nil && cursor != nil {
			break
		}
	}
	if pick == nil || cursor == nil || !f.picksAt(s.Body, pick, cursor) {
		return nil, nil
	}
	return pick, cursor
}

// nilTested returns v of a condition `v == nil`.
func (f *flow) nilTested(e ast.Expr) types.Object {
	bin, ok := ast.Unparen(e).(*ast.BinaryExpr)
	if !ok || bin.Op != token.EQL || !code.IsNil(f.info, bin.Y) {
		return nil
	}
	return lhsObj(f.info, bin.X)
}

// boundedByLen returns i of a condition `i < len(list)`.
func (f *flow) boundedByLen(e ast.Expr) types.Object {
	bin, ok := ast.Unparen(e).(*ast.BinaryExpr)
	if !ok || bin.Op != token.LSS {
		return nil
	}
	if call, isCall := ast.Unparen(bin.Y).(*ast.CallExpr); !isCall || !code.IsBuiltinCall(f.info, call, "len") {
		return nil
	}
	return lhsObj(f.info, bin.X)
}

// picksAt reports whether body assigns pick from an expression that reads the
// cursor and steps the cursor with ++.
func (f *flow) picksAt(body *ast.BlockStmt, pick, cursor types.Object) bool {
	picked, stepped := false, false
	for _, st := range body.List {
		switch st := st.(type) {
		case *ast.AssignStmt:
			if st.Tok == token.ASSIGN && len(st.Lhs) == 1 && len(st.Rhs) == 1 && lhsObj(f.info, st.Lhs[0]) == pick {
				picked = picked || mentions(f.info, st.Rhs[0], []types.Object{cursor})
			}
		case *ast.IncDecStmt:
			stepped = stepped || (st.Tok == token.INC && lhsObj(f.info, st.X) == cursor)
		}
	}
	return picked && stepped
}

// forwardOnly reports whether the cursor outlives the loop's rounds and the
// loop only steps it forward.
func (f *flow) forwardOnly(l *loop, cursor types.Object) bool {
	if l.contains(cursor.Pos()) {
		return false
	}
	for _, rhs := range f.assignsIn(l)[cursor] {
		if rhs != nil {
			return false // set back
		}
	}
	return true
}

// leavesWhenUnpicked reports whether the loop tests pick == nil and that test
// always leaves the loop when true: the list is exhausted.
func (f *flow) leavesWhenUnpicked(l *loop, pick types.Object) bool {
	none := func(*cfg.Block) *outcomeCheck { return nil }
	for b, cond := range f.conditions(l) {
		if f.nilTested(cond) == pick && f.alwaysLeaves(l, b.Succs[0], none) {
			return true
		}
	}
	return false
}
