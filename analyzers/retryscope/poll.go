package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A bounded loop whose running out is not a failure is a wait for a state, not
// a retry: when the attempt succeeds the loop breaks, when the attempts run
// out it ends the same way, and nothing tells the two apart afterwards — the
// attempt's error is only compared with nil and never leaves the loop, and
// the loop assigns no variable declared outside it. The code after the loop
// goes on either way ("wait up to 3 s for the peer, then carry on"). A loop
// that keeps or returns the error, sets a flag on success, or never runs out
// (for {}) is a retry.

// pollsUntil reports whether check c's loop is such a wait.
func (f *flow) pollsUntil(l *loop, c *outcomeCheck) bool {
	if len(c.vars) == 0 || !f.runsOut(l) {
		return false
	}
	body := loopBody(l.stmt)
	for _, v := range c.vars {
		if !l.contains(v.Pos()) || !f.onlyNilTested(body, v) {
			return false
		}
	}
	return f.breaksOnSuccess(l, c) && !f.assignsOuter(l)
}

// runsOut reports whether the loop ends by itself: a for statement with a
// condition, or a range over something other than a channel or function.
func (f *flow) runsOut(l *loop) bool {
	switch s := l.stmt.(type) {
	case *ast.ForStmt:
		return s.Cond != nil
	case *ast.RangeStmt:
		switch code.Underlying(f.info, s.X).(type) {
		case *types.Chan, *types.Signature, nil:
			return false
		}
		return true
	}
	return false
}

// onlyNilTested reports whether every read of v in body compares it with nil.
func (f *flow) onlyNilTested(body ast.Node, v types.Object) bool {
	ok := true
	code.WalkStack(body, func(n ast.Node, stack []ast.Node) bool {
		id, isID := n.(*ast.Ident)
		if !isID || f.info.Uses[id] != v {
			return ok
		}
		switch p := stack[len(stack)-2].(type) {
		case *ast.BinaryExpr:
			if (p.Op == token.EQL || p.Op == token.NEQ) && (code.IsNil(f.info, p.X) || code.IsNil(f.info, p.Y)) {
				return true
			}
		case *ast.AssignStmt:
			for _, l := range p.Lhs {
				if l == id {
					return true
				}
			}
		}
		ok = false
		return false
	})
	return ok
}

// breaksOnSuccess reports whether the success branch of the check is an
// if-branch that breaks out of this loop, after calls at most (a log line).
func (f *flow) breaksOnSuccess(l *loop, c *outcomeCheck) bool {
	cond := condOf(c.block)
	var branch *ast.BlockStmt
	code.Inspect(loopBody(l.stmt), func(n ast.Node) bool {
		ifs, ok := n.(*ast.IfStmt)
		if ok && ifs.Cond == cond {
			if !c.failWhenTrue {
				branch = ifs.Body
			} else if b, isBlock := ifs.Else.(*ast.BlockStmt); isBlock {
				branch = b
			}
		}
		return branch == nil
	})
	if branch == nil || len(branch.List) == 0 {
		return false
	}
	for _, st := range branch.List[:len(branch.List)-1] {
		if _, isCall := st.(*ast.ExprStmt); !isCall {
			return false // only calls (a log line) may come before the break
		}
	}
	br, ok := branch.List[len(branch.List)-1].(*ast.BranchStmt)
	return ok && endsLoop(f.info, l.stmt, br)
}

// assignsOuter reports whether the loop assigns a variable declared outside it.
func (f *flow) assignsOuter(l *loop) bool {
	outer := func(e ast.Expr) bool {
		v := code.Root(f.info, e, code.ThroughIndex)
		return v != nil && !l.contains(v.Pos())
	}
	found := false
	code.Inspect(l.stmt, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, lhs := range n.Lhs {
				if outer(lhs) {
					found = true
				}
			}
		case *ast.IncDecStmt:
			found = found || outer(n.X)
		}
		return !found
	})
	return found
}
