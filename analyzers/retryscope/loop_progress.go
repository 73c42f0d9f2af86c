package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/cfg"
)

// A retry throws a failed attempt's results away. A loop that, on the way back
// from a failure, moves an input of the attempt on by what the failed attempt
// returned (src = src[n:], off += n, u = loc.String() after loc, err :=
// resp.Location()) is working through its input: each "failure" (a short
// buffer, a partial write, a redirect) is progress, and the next attempt asks
// for something else. Recursion reads the same values (loop_recinput.go). It is marked Failover, like the other loops whose
// failure path changes the attempt (loop_changes.go).

// advancesInput reports whether the check's block, or every way from c's
// failure back to the header, assigns an outer variable that the attempt takes
// from a value read from the attempt's results (resultValues).
func (f *flow) advancesInput(l *loop, c *outcomeCheck) bool {
	advancing := f.advancingAssigns(l, c)
	if len(advancing) == 0 {
		return false
	}
	advances := holdsAny(advancing)
	// Moved on between the attempt and its check, or on every way back.
	return advances(c.block) || l.everyWayBack(c.failure(), advances)
}

// advancingAssigns returns the assignments in l of an outer variable that the
// attempt takes from a value read from the attempt's results (resultValues),
// or none when the attempt takes none of the variables so moved.
func (f *flow) advancingAssigns(l *loop, c *outcomeCheck) map[*ast.AssignStmt]bool {
	results := f.resultValues(l, c)
	if len(results) == 0 {
		return nil
	}
	advancing := make(map[*ast.AssignStmt]bool)
	var moved []types.Object
	walkBody(f.info, loopBody(l.stmt), assignStmtKinds, func(n ast.Node) bool {
		as := n.(*ast.AssignStmt)
		if as.Tok == token.DEFINE || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
			return true
		}
		o, isVar := lhsObj(f.info, as.Lhs[0]).(*types.Var)
		if isVar && !l.contains(o.Pos()) && mentions(f.info, as.Rhs[0], results) {
			advancing[as] = true
			moved = appendNew(moved, types.Object(o))
		}
		return true
	})
	if len(moved) == 0 || !f.argsMention(l, c, moved) {
		return nil
	}
	return advancing
}

// resultValues returns the non-error results of the check's attempts and the
// values made from them in l (loc, err := resp.Location() gives loc): what the
// attempt answered, read on the way back. Variables declared outside l are
// left out: whether one holds such a value depends on the way taken.
func (f *flow) resultValues(l *loop, c *outcomeCheck) []types.Object {
	results := f.attemptResults(l, c)
	if len(results) == 0 {
		return nil
	}
	set := make(map[types.Object]bool)
	for _, o := range results {
		set[o] = true
	}
	assigns := f.assignsIn(l)
	for changed := true; changed; {
		changed = false
		for obj, rhss := range assigns {
			if set[obj] || !l.contains(obj.Pos()) || isErrorType(obj.Type()) {
				continue
			}
			if slices.ContainsFunc(rhss, func(rhs ast.Expr) bool { return rhs != nil && f.dependsOn(rhs, set) }) {
				set[obj], changed = true, true
				results = append(results, obj)
			}
		}
	}
	return results
}

// attemptResults returns the variables that take the non-error results of the
// check's attempts in the loop (n, m, err := w.Transform(dst, src) gives n, m).
func (f *flow) attemptResults(l *loop, c *outcomeCheck) []types.Object {
	var out []types.Object
	walkBody(f.info, loopBody(l.stmt), assignStmtKinds, func(n ast.Node) bool {
		as := n.(*ast.AssignStmt)
		if len(as.Rhs) != 1 || !c.checks(as.Rhs[0]) {
			return true
		}
		for _, lhs := range as.Lhs {
			if o := lhsObj(f.info, lhs); o != nil && !isErrorType(o.Type()) {
				out = appendNew(out, o)
			}
		}
		return true
	})
	return out
}

// checks reports whether e is one of the check's attempt calls.
func (c *outcomeCheck) checks(e ast.Expr) bool {
	for _, call := range c.attempts {
		if ast.Unparen(e) == call {
			return true
		}
	}
	return false
}

// holdsAny returns a test of whether a block holds one of the statements.
func holdsAny[S interface {
	comparable
	ast.Stmt
}](stmts map[S]bool) func(*cfg.Block) bool {
	return func(b *cfg.Block) bool {
		for _, n := range b.Nodes {
			if s, ok := n.(S); ok && stmts[s] {
				return true
			}
		}
		return false
	}
}
