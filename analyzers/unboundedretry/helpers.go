package unboundedretry

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/lint"
	"github.com/retrylint/retrylint/analyzers/retryscope"
)

// checkHelper reports a helper whose settings remove every limit. A helper
// that watches a context from outside ends when that context does: it is
// reported only when the context provably never ends.
func checkHelper(p *lint.Pass, r *retryscope.Region, seen map[ast.Node]bool) {
	b := r.Bound
	if b.Unbounded == nil || seen[b.Unbounded] || p.Scope.LocalDeadline(r) || r.StoppedByOwner() || statedEndless(p, r) {
		return
	}
	if p.Scope.CallbackFromCaller(r) {
		return // its callers' callbacks decide whether it ends: judged at their calls
	}
	seen[b.Unbounded] = true
	name := r.Helper.Name()
	setting := ""
	if b.Unbounded != ast.Node(r.Helper.Call) {
		setting = " (" + render(b.Unbounded) + ")"
	}
	fix := r.Helper.Hints(b.Unbounded).Bound
	if b.Deadline != nil {
		// A context from outside bounds it, unless it provably never ends.
		if why := p.Scope.StopNeverFires(r); why != "" {
			p.ReportRegion(r, b.Unbounded, "the setting", nil, "%s retries until the callback succeeds%s, with no attempt or time limit: its context never ends, as %s; %s", name, setting, why, fix)
		}
		return
	}
	p.ReportRegion(r, b.Unbounded, "the setting", nil, "%s retries until the callback succeeds%s, with no attempt or time limit: %s", name, setting, fix)
}

func render(n ast.Node) string {
	if kv, ok := n.(*ast.KeyValueExpr); ok {
		return types.ExprString(kv.Key) + ": " + types.ExprString(kv.Value)
	}
	if e, ok := n.(ast.Expr); ok {
		return types.ExprString(e)
	}
	if as, ok := n.(*ast.AssignStmt); ok && len(as.Lhs) == 1 && len(as.Rhs) == 1 {
		return types.ExprString(as.Lhs[0]) + " = " + types.ExprString(as.Rhs[0])
	}
	return "its settings"
}
