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

// AbsencePollsNoOwnerStops returns the "not yet" ways of polls for absence
// (AbsencePolls) that reach another system and that no owner's stop signal
// ends, as PollErrorsNoOwnerStops does for a poll's failure way. A poll whose
// attempt stays in the process waits for this process's own work, as a
// wait for a path to appear does: its wait is its pace.
func (res *Result) AbsencePollsNoOwnerStops() []*Region {
	return remoteRegions(res.AbsencePolls, func(r *Region) bool { return r.Bound.Owner == nil })
}

// absencePollRegion returns the "not yet" way of a loop that polls for
// absence, as a region whose Waits are the waits on that way, or nil.
func (f *flow) absencePollRegion(l *loop) *Region {
	checks := f.outcomeChecks(l)
	for _, c := range checks {
		if f.goesRoundOnFailure(l, checks, c) && f.pollsAbsence(l, c) && !f.noRetry(l, c) {
			return f.wayRegion(l, c, l.wayBack(c.failure()))
		}
	}
	return nil
}

// pollsAbsence reports whether every way from c's failure back to the header
// passes the absent side of a test for absence of c's error whose other side
// never gets back to the header.
func (f *flow) pollsAbsence(l *loop, c *outcomeCheck) bool {
	if len(c.vars) == 0 {
		return false
	}
	if f.failsOnAbsenceOnly(c) {
		return true // poll_absencejoin.go
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
