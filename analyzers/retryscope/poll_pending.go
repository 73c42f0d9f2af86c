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
	absentName  = regexp.MustCompile(`(?i)(not[ _-]?found|not[ _-]?exist|no[ _-]?rows)`)
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
			if fn := code.Callee(f.info, n); fn != nil && fn.FullName() == "errors.Is" && len(n.Args) == 2 {
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
