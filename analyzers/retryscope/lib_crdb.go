package retryscope

import "go/ast"

// github.com/cockroachdb/cockroach-go/v2/crdb: retries CockroachDB's retryable
// errors (SQLSTATE 40001) at once.
func init() {
	register(&library{read: (*policyReader).crdb, hints: crdbHints}, "crdb")
}

const (
	crdbPkg     = "github.com/cockroachdb/cockroach-go/v2/crdb"
	crdbDefault = 51 // 50 retries
)

func crdbHints(h *HelperCall, _ ast.Node) Hints {
	if h.Func.Name() == "Execute" {
		return Hints{Bound: "use crdb.ExecuteCtx, which stops after crdb.WithMaxRetries (50 by default) or at the context's deadline"}
	}
	return Hints{Bound: "pass crdb.WithMaxRetries a positive count"}
}

// crdb reads cockroach-go: it retries at once by design; Execute never stops;
// ExecuteTx and friends stop after 50 retries unless crdb.WithMaxRetries says
// otherwise (0 = never stop; for ExecuteCtx 0 means a single attempt).
func (r *policyReader) crdb() {
	r.shape(ShapeNone, nil)
	if r.h.Func.Name() == "Execute" && r.pkg == crdbPkg {
		r.forever(r.h.Call)
		return
	}
	r.watch(r.arg(0))
	mr := r.fn(crdbPkg, "WithMaxRetries")
	if len(mr) == 0 {
		r.defaults(crdbDefault, false)
		return
	}
	r.capAttempts(mr, 1, true, r.h.Func.Name() != "ExecuteCtx")
}
