package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"
	"regexp"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A loop that goes round only on an answer that says "not yet" (a pending
// authorization, a state not reached yet) and returns every other error waits
// for a state: a poll, not a retry of a failure. Its pace is the server's or
// the state's, and its end is the answer it waits for. Going round needs a
// classification (some errors leave the loop) and a test, in the loop, of the
// error against a value named for "not yet": a sentinel or constant
// (errAuthorizationPending, StatusPending) or text ("authorization_pending").
// A loop that goes round on any error, or on an error of another name
// (throttled, unavailable), is a retry.

// The names of "not yet", in one place: pendingName for a state not reached
// yet, tested anywhere in a classified loop (this file); absentName for what is
// awaited and not there yet, which makes a poll only when it is the very
// failure the loop goes round on (loop_kinds.go: a retry loop that returns on
// "not found" is classifying it as permanent, not polling for it).
var (
	pendingName = regexp.MustCompile(`(?i)(pending|not[ _-]?yet|not[ _-]?ready|in[ _-]?progress)`)
	absentName  = regexp.MustCompile(`(?i)(not[ _-]?found|not[ _-]?exist|no[ _-]?rows|enoent)`)
)

// pollsPending reports whether check c's loop is such a poll.
func (f *flow) pollsPending(l *loop, c *outcomeCheck) bool {
	return f.testsPending(l) && f.classification(l, c, c.vars) != nil
}

var pendingKinds = []ast.Node{(*ast.BinaryExpr)(nil), (*ast.CaseClause)(nil), (*ast.CallExpr)(nil)}

// testsPending reports whether a comparison, a case or an errors.Is in the
// loop reads a value named for "not yet".
func (f *flow) testsPending(l *loop) bool {
	found := false
	walkBody(f.info, loopBody(l.stmt), pendingKinds, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BinaryExpr:
			if n.Op == token.EQL || n.Op == token.NEQ {
				found = f.pendingValue(n.X) || f.pendingValue(n.Y)
			}
		case *ast.CaseClause:
			for _, e := range n.List {
				found = found || f.pendingValue(e)
			}
		case *ast.CallExpr:
			if fn := code.Callee(f.info, n); code.IsErrorsFunc(fn, "Is") && len(n.Args) == 2 {
				found = f.pendingValue(n.Args[1])
			}
		}
		return !found
	})
	return found
}

// pendingValue reports whether e is text, a constant or a variable named for
// "not yet".
func (f *flow) pendingValue(e ast.Expr) bool {
	if s, ok := code.String(f.info, e); ok && pendingName.MatchString(s) {
		return true
	}
	id := code.NameIdent(e)
	if id == nil {
		return false
	}
	switch f.info.Uses[id].(type) {
	case *types.Var, *types.Const:
		return pendingName.MatchString(id.Name)
	}
	return false
}

// A loop whose only retried attempt is an existence test (isExistenceTest),
// its error declared in the loop and only compared with nil, goes round until
// the path appears: a poll whose failure means "not there yet", not a retry of
// a failure. It waits for whoever makes the path (another process, a volume
// being mounted), so nothing it does is retried. That holds while the rest of
// what can fail in the loop stays in the process (a local watch set up once
// the path is there): a loop that also calls another system on every round
// (uploads, then checks that the file arrived) retries that call, and stays a
// retry. A loop that retries an action on a local file (an O_EXCL lock file,
// a rename) is no existence test either.

// awaitsPath reports whether every retrying check of the loop is such an
// existence test, and every other call in the loop that can fail stays in the
// process.
func (f *flow) awaitsPath(l *loop, retrying []*outcomeCheck) bool {
	tests := f.existenceTestsIn(l)
	for _, c := range retrying {
		for _, call := range c.attempts {
			if !tests[call] {
				return false
			}
		}
		for _, v := range c.vars {
			if !l.contains(v.Pos()) || !f.onlyNilTested(loopBody(l.stmt), v) {
				return false
			}
		}
	}
	return len(retrying) > 0 && f.othersStayLocal(l, tests)
}

// existenceTestsIn returns the loop's existence tests.
func (f *flow) existenceTestsIn(l *loop) map[*ast.CallExpr]bool {
	out := make(map[*ast.CallExpr]bool)
	code.Inspect(loopBody(l.stmt), func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok && len(as.Rhs) == 1 {
			if call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr); ok && isExistenceTest(f.info, call, as) {
				out[call] = true
			}
		}
		return true
	})
	return out
}

// othersStayLocal reports whether every call in the loop that can fail,
// other than skip, stays in the process (remote.go).
func (f *flow) othersStayLocal(l *loop, skip map[*ast.CallExpr]bool) bool {
	rc := newRemoteCheck(f.pass, f.res)
	local := true
	code.Inspect(loopBody(l.stmt), func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && !skip[call] && canFail(f.info, call) && isAttempt(f.info, call, nil) {
			local = !rc.nodeOutcome(call).remote()
		}
		return local
	})
	return local
}
