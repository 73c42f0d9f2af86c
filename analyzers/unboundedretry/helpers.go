package unboundedretry

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/lint"
	"github.com/retrylint/retrylint/analyzers/retryscope"
)

// checkHelper reports a helper whose settings remove every limit. When the helper
// watches a context from the caller, the message says so: the context's deadline
// is all that would stop it.
func checkHelper(p *lint.Pass, r *retryscope.Region, seen map[ast.Node]bool) {
	b := r.Bound
	if b.Unbounded == nil || seen[b.Unbounded] || p.Scope.LocalDeadline(r) {
		return
	}
	seen[b.Unbounded] = true
	name := r.Helper.Name()
	setting := ""
	if b.Unbounded != ast.Node(r.Helper.Call) {
		setting = " (" + render(b.Unbounded) + ")"
	}
	fix := hint(r)
	if b.Deadline != nil && !b.DeadlineLocal {
		ctx := render(b.Deadline)
		p.Reportf(b.Unbounded, "%s retries until %s is cancelled%s, forever if it has no deadline: %s, or give %s a deadline", name, ctx, setting, fix, ctx)
		return
	}
	p.Reportf(b.Unbounded, "%s retries until the callback succeeds%s, with no attempt or time limit: %s", name, setting, fix)
}

// hint says how to bound the helper's library.
func hint(r *retryscope.Region) string {
	switch r.Helper.Policy().Family {
	case "backoff-v4":
		return "wrap the backoff in backoff.WithMaxRetries or give it a MaxElapsedTime"
	case "backoff-v5":
		return "add backoff.WithMaxTries or a non-zero backoff.WithMaxElapsedTime"
	case "retry-go":
		return "set retry.Attempts to a positive count"
	case "go-retry":
		return "wrap the backoff in retry.WithMaxRetries or retry.WithMaxDuration"
	case "crdb":
		if r.Helper.Func.Name() == "Execute" {
			return "use crdb.ExecuteCtx, which stops after crdb.WithMaxRetries (50 by default) or at the context's deadline"
		}
		return "pass crdb.WithMaxRetries a positive count"
	case "failsafe":
		return "set WithMaxRetries or WithMaxAttempts to a non-negative count, or add WithMaxDuration"
	}
	return "cap the attempts or the elapsed time"
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
