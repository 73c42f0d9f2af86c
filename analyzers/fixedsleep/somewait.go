package fixedsleep

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/lint"
	"github.com/retrylint/retrylint/analyzers/retryscope"
)

// A wait on some errors only.
//
// A loop whose failure branch (if err != nil { ... }) waits under a class
// test (if retryable(err) { time.Sleep(d); continue }) and otherwise falls
// through to the loop's end, with no wait, return or break on the way, goes
// round at once on every error outside the class: the errors a dependency
// gives when it refuses (denied, not found, bad request) repeat at once, so the
// loop hammers it for as long as the refusal lasts. Only the engine's waits
// count (a blocking call's own wait does not, unless the engine knows it).
// Not reported: other errors that return or break, a wait (or a select
// that can block) on the way, the way without a wait being the success path.

// unwaitedClass returns the class test whose branch waits while the failure
// branch goes round at once on every error outside it, or nil.
func unwaitedClass(p *lint.Pass, r *retryscope.Region) *ast.IfStmt {
	loop, ok := r.Loop.(*ast.ForStmt)
	if !ok || r.Kind != retryscope.LoopRegion || !r.Remote() || len(r.Waits) == 0 {
		return nil
	}
	for i, s := range loop.Body.List {
		failure := failureBranch(p, r, s)
		if failure == nil || !goesRoundFreely(p, r, loop.Body.List[i+1:]) {
			continue
		}
		for j, fs := range failure.Body.List {
			class, ok := fs.(*ast.IfStmt)
			if ok && waitingClass(p, r, class) && goesRoundFreely(p, r, failure.Body.List[j+1:]) {
				return class
			}
		}
	}
	return nil
}

// failureBranch returns s when it is if err != nil { ... } on an error of the
// attempt, with no else.
func failureBranch(p *lint.Pass, r *retryscope.Region, s ast.Stmt) *ast.IfStmt {
	ifs, ok := s.(*ast.IfStmt)
	if !ok || ifs.Else != nil {
		return nil
	}
	for _, v := range r.ErrVars {
		if ev, ok := v.(*types.Var); ok && retryscope.TestsNotNil(p.TypesInfo, ifs.Cond, ev) {
			return ifs
		}
	}
	return nil
}

// waitingClass reports whether class is if <call> { ...wait...; continue }.
func waitingClass(p *lint.Pass, r *retryscope.Region, class *ast.IfStmt) bool {
	if _, isCall := ast.Unparen(class.Cond).(*ast.CallExpr); !isCall || class.Else != nil || len(class.Body.List) == 0 {
		return false
	}
	last, ok := class.Body.List[len(class.Body.List)-1].(*ast.BranchStmt)
	return ok && last.Tok == token.CONTINUE && last.Label == nil && waitsIn(r, class.Body)
}

func waitsIn(r *retryscope.Region, n ast.Node) bool {
	for _, w := range r.Waits {
		if w.At != nil && n.Pos() <= w.At.Pos() && w.At.End() <= n.End() {
			return true
		}
	}
	return false
}

// goesRoundFreely reports whether stmts run to their end with no wait of the
// region, no select or receive that can block, and no way out: no return,
// break, continue, goto or call that does not return (function literals
// aside, which run elsewhere).
func goesRoundFreely(p *lint.Pass, r *retryscope.Region, stmts []ast.Stmt) bool {
	free := true
	for _, s := range stmts {
		if waitsIn(r, s) || retryscope.BlocksOnChannel(p.TypesInfo, s) {
			return false
		}
		ast.Inspect(s, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ReturnStmt, *ast.BranchStmt:
				free = false
			case *ast.CallExpr:
				free = !retryscope.NoReturn(p.TypesInfo, n)
			}
			return free
		})
	}
	return free
}

// checkSomeErrorsWait reports a loop that waits on a class of errors only.
func checkSomeErrorsWait(p *lint.Pass, r *retryscope.Region, seen lint.Seen) {
	if seen[r.Loop] || len(r.Waits) == 0 || newCandidate(p, r) || !r.MayBeRefused() || r.RestartsOnConflict() || r.RefreshesOnStale() ||
		p.Scope.RetriesOnceInProcess(r) || p.Scope.FewQuickTries(r) || !r.Remote() {
		return
	}
	if class := unwaitedClass(p, r); class != nil {
		seen[r.Loop] = true
		p.ReportRegion(r, class, "the class test", nil, "retry loop tries again at once after a failure that is not %s: wait on every failure, with capped exponential backoff and jitter, or stop on the errors that will not pass",
			types.ExprString(class.Cond))
		return
	}
	if call := r.UnwaitedFailure(); call != nil {
		seen[r.Loop] = true
		p.ReportRegion(r, call, "the attempt", nil, "retry loop waits after some failures but goes round at once when %s fails: wait on every way back to the attempt, with capped exponential backoff and jitter",
			types.ExprString(call.Fun))
	}
}
