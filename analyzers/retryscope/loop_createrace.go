package retryscope

import (
	"go/ast"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A retry that goes round only when a create answers that the object
// already exists, after another call on the same object in the round.
//
// An upsert updates (or looks up) the object, creates it when it is not
// found, and goes round when the create answers "already exists" (a sentinel
// or type named so, the gRPC code AlreadyExists): another writer created it
// between the two calls, and the next round's update finds it. Like a
// conflict of a conditional write, the answer is news of another writer, not
// of a failing server: going round at once is the pattern and contention
// bounds it (Region.RestartsOnConflict). A round whose only call is the
// create gets the same answer for as long as the object is there: a retry.

// restartsOnCreateRace decides Region.RestartsOnConflict for a loop region
// that goes round only on "already exists" answers (a conflict of a
// conditional write keeps its own, stricter reading: restartsOnConflict).
func (f *flow) restartsOnCreateRace(l *loop, r *Region, retrying []*outcomeCheck) bool {
	if r.ways == nil || !r.ways.passOnly(alreadyExists) {
		return false
	}
	for _, c := range retrying {
		if len(c.attempts) == 0 || !f.callsSameObjectFirst(l, c.attempts[0]) {
			return false
		}
	}
	return true
}

// alreadyExists reports whether an error class is a create's "already
// exists" answer.
func alreadyExists(c errorClass) bool {
	switch {
	case c.code != "":
		return c.code == "AlreadyExists"
	case c.sentinel != nil:
		return code.NameSays(c.sentinel.Name(), alreadyExistsWord)
	case c.typ != nil:
		return code.NameSays(c.typ.Name(), alreadyExistsWord)
	}
	return false
}

const alreadyExistsWord = "alreadyexist"

// callsSameObjectFirst reports whether the round, before call, calls another
// method that answers an error and shares an operand with call, contexts
// aside: the round updates or looks up what it then creates.
func (f *flow) callsSameObjectFirst(l *loop, call *ast.CallExpr) bool {
	fn := code.Callee(f.info, call)
	if fn == nil {
		return false
	}
	found := false
	code.Inspect(l.stmt, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok || found || n == nil || n.Pos() >= call.Pos() {
			return false
		}
		if other, ok := n.(*ast.CallExpr); ok {
			if callee := code.Callee(f.info, other); callee != nil && code.IsMethod(callee) && callee != fn && lastResultIsError(f.info, other) {
				found = sharesOperand(f.info, other, call)
			}
		}
		return !found
	})
	return found
}
