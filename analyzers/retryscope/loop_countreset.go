package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// resetsOnFailureKind reports whether a retry loop sets the counter its
// bound tests back to a constant after a failure, under an if that tests
// the attempt's error (if errors.Is(err, errBusy) { n = 0 }): failures of
// that kind restart the count and go round for ever, so the test is no
// attempt limit. A reset under a test of something else (bytes read, a
// connection made) is progress, not a failure kind, and keeps the bound.
func (f *flow) resetsOnFailureKind(l *loop, retrying []*outcomeCheck, bound ast.Node, errVars []types.Object) bool {
	v := testedCounter(f.info, bound)
	if v == nil || len(errVars) == 0 {
		return false
	}
	for _, d := range code.DefsOf(f.info, v) {
		if !l.contains(d.Stmt.Pos()) || d.Op != token.ASSIGN || d.Value == nil || f.info.Types[d.Value].Value == nil {
			continue
		}
		if f.underErrorTest(l, d.Stmt, errVars) && f.afterFailure(l, retrying, d.Stmt) {
			return true
		}
	}
	return false
}

// testedCounter returns the local variable a bound compares (n > K, K <= n).
func testedCounter(info *types.Info, bound ast.Node) *types.Var {
	bin, ok := bound.(*ast.BinaryExpr)
	if !ok {
		return nil
	}
	for _, side := range []ast.Expr{bin.X, bin.Y} {
		if v := integerVar(info, side); v != nil {
			return v
		}
	}
	return nil
}

// underErrorTest reports whether s lies in the body of an if of the loop
// whose condition reads one of the attempt's errors.
func (f *flow) underErrorTest(l *loop, s ast.Node, errVars []types.Object) bool {
	found := false
	code.Inspect(l.stmt, func(n ast.Node) bool {
		if found || n == nil || s.Pos() < n.Pos() || s.Pos() >= n.End() {
			return false
		}
		if ifs, ok := n.(*ast.IfStmt); ok && ifs.Body.Pos() <= s.Pos() && s.Pos() < ifs.Body.End() {
			found = mentions(f.info, ifs.Cond, errVars)
		}
		return !found
	})
	return found
}

// afterFailure reports whether s runs on the way round from a retried
// failure.
func (f *flow) afterFailure(l *loop, retrying []*outcomeCheck, s ast.Node) bool {
	for _, c := range retrying {
		if f.onWay(s, l.wayBack(c.failure())) {
			return true
		}
	}
	return false
}
