package retryscope

import (
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/cfg"
)

// A loop whose failure goes round only past a test for absence of that
// failure's error (isNotFound(err), errors.Is(err, sql.ErrNoRows): absentName)
// and leaves on every other error waits for something to appear: a poll, as
// the loop that goes round on the absence test alone (loop_kinds.go). Leaving
// is any way out of the loop: a return, or a break to the code after it
// (`if !IsNotFound(err) { break }`). A loop that returns on "not found" and
// goes round on the other errors classifies "not found" as permanent: a
// retry.

// pollsAbsence reports whether every way from c's failure back to the header
// passes the absent side of a test for absence of c's error whose other side
// never gets back to the header.
func (f *flow) pollsAbsence(l *loop, c *outcomeCheck) bool {
	if len(c.vars) == 0 {
		return false
	}
	return l.everyWayBack(c.failure(), func(b *cfg.Block) bool {
		cond := condOf(b)
		if cond == nil || joins(cond) || !testsAbsence(f.info, cond) || !mentions(f.info, cond, c.vars) {
			return false
		}
		present := b.Succs[1]
		if negated(cond) {
			present = b.Succs[0]
		}
		return !l.reachesHeader(present)
	})
}

// negated reports whether cond is a negation (!x, !(x)), counting nested ones.
func negated(cond ast.Expr) bool {
	not := false
	for {
		u, ok := ast.Unparen(cond).(*ast.UnaryExpr)
		if !ok || u.Op != token.NOT {
			return not
		}
		not, cond = !not, u.X
	}
}

// joins reports whether cond, under its negations, joins tests with && or ||:
// the absence test is then one part of the condition only.
func joins(cond ast.Expr) bool {
	for {
		switch e := ast.Unparen(cond).(type) {
		case *ast.UnaryExpr:
			if e.Op != token.NOT {
				return false
			}
			cond = e.X
		case *ast.BinaryExpr:
			return e.Op == token.LAND || e.Op == token.LOR
		default:
			return false
		}
	}
}
