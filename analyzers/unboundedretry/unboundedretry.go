// Package unboundedretry defines an Analyzer that reports retries with no
// attempt limit and no deadline.
//
// # Retry has no attempt limit and no deadline
//
// A retry that stops only when the operation succeeds turns a failure that does
// not heal (a poison message, a revoked credential, a dependency that is gone)
// into an endless stream of attempts: load on the dependency, a goroutine that
// never returns, a caller that never gets an answer. Cap the attempts, the
// elapsed time, or both.
//
// The analyzer reports hand-written retry loops and recursive retries without a
// counter, a clock check or a context check, and retry helpers whose settings
// remove every limit: retry-go Attempts(0) or UntilSucceeded, backoff v4 with
// MaxElapsedTime 0 (or a ConstantBackOff/ZeroBackOff) and no WithMaxRetries,
// backoff v5 WithMaxElapsedTime(0) without WithMaxTries, go-retry backoffs
// without WithMaxRetries or WithMaxDuration, cockroach-go crdb.Execute and
// crdb.WithMaxRetries(ctx, 0), failsafe-go WithMaxRetries(-1); and
// self-retrying clients set to retry without a limit (AWS SDK v2
// retry.AddWithMaxAttempts(r, 0)).
//
// A retry that checks a context is bounded when that context got a deadline in
// the same function (context.WithTimeout, WithDeadline). A context or stop
// channel handed in from outside the function is the caller's bound, out of
// reach here: the retry is reported only where that stop provably never fires
// (retryscope.Result.StopNeverFires: a context nothing can cancel, or one an
// unexported function's call of the package hands it). A context an
// attempt out of the package is handed ends a loop that goes round only past
// a test a context's error fails (codes.Unavailable, errors.Is(err,
// errBusy)): that context is its Deadline (retryscope loop_ctxends.go;
// decided on Q1). A retry that only its owner's stop
// signal ends (<-m.done, <-s.ctx.Done() of a field, if s.closed) runs for the
// owner's lifetime and is not reported: the owner's Close is its bound
// (retryscope.Region.StoppedByOwner), as it is for an accept loop that goes
// round only on temporary failures of its listener's Accept; nor is one whose attempt is handed a
// context the owner ends, a field's or one the owner's stop cancels
// (retryscope.Region.AttemptStoppedByOwner). A poll-shaped loop whose success
// also goes round after a wait is a periodic job (a heartbeat, a renewed
// registration) that runs without end by design (retryscope.Region.Periodic).
// So is a heartbeat that reconnects: a ticker paces a send, and a stop in
// the same select ends it (retryscope.Result.Heartbeat).
// A compare-and-swap restart that goes round only when its conditional write
// of state read in the same round answers a conflict is bounded by the
// contention of the other writers, each of which made progress
// (retryscope.Region.RestartsOnConflict; decided on set H1); so is a
// function that calls itself again only on such a conflict, its body the
// round that reads anew (decided on set N1). One that also goes round on
// another error, or writes state handed in by its caller, is reported.
// A self-call that hands on a value of another type built from a parameter
// (typed{v, name}, a conversion, wrap(v, name)) refines its input and is no
// retry (decided on set H2).
// Nor is a loop a component runs in the background on its lifecycle
// context, started as a goroutine by its constructor or Start method
// (retryscope.Result.DeadlineFromLifecycle; decided on set J2).
// Nor is a supervisor that cancellation stops and that waits a growing,
// capped time between attempts (retryscope.Result.Supervises; decided on set
// H2).
// A stop that only the success way checks bounds no failure: a loop whose
// failure waits and goes straight back to the attempt, past no way out, is
// reported with a message of its own (retryscope.Result.StopSkips).
// A retry whose attempt stays in the process (retryscope.Region.Remote) loads
// no dependency and is not reported, unless a sync.Once runs it: then every
// caller of the once waits as long as it goes round
// (retryscope.Result.HoldsOnceCallers; decided on set O1).
// Counted loops and library defaults
// that bound (retry-go's 10 attempts, backoff's 15 minutes, crdb's 50 retries,
// client-go's Steps) are not reported.
package unboundedretry

import (
	"go/ast"
	"go/types"
	"strings"

	"github.com/retrylint/retrylint/analyzers/internal/code"
	"github.com/retrylint/retrylint/analyzers/internal/lint"
	"github.com/retrylint/retrylint/analyzers/retryscope"
)

const doc = `report retries with no attempt limit and no deadline

A retry loop that exits only on success, a recursive retry without a counter, or
a retry helper set to retry forever (retry.Attempts(0), MaxElapsedTime: 0
without WithMaxRetries, go-retry without WithMaxRetries/WithMaxDuration,
crdb.Execute) never gives up on a failure that does not heal; cap the attempts
or the time.`

// Analyzer reports retries without an attempt cap or deadline.
var Analyzer = lint.New("unboundedretry", doc, run)

func run(p *lint.Pass) error {
	seen := make(map[ast.Node]bool)
	for _, r := range p.Scope.Regions {
		if !r.Remote() && !p.Scope.HoldsOnceCallers(r) {
			continue // a local attempt loads no dependency (retryscope.Region.Remote)
		}
		switch r.Kind {
		case retryscope.LoopRegion:
			checkHandWritten(p, r, "retry loop", "cap the attempts")
		case retryscope.RecursionRegion:
			checkHandWritten(p, r, "recursive retry", "pass an attempt count and stop after a few attempts")
		case retryscope.CallbackRegion:
			checkHelper(p, r, seen)
		}
	}
	// A poll's failure way: the answer it waits for is no bound while the
	// call fails.
	for _, r := range p.Scope.UnboundedPollErrors() {
		if !statedEndless(p, r) {
			p.ReportRegion(r, nil, "", nil, "poll loop goes round on every failed call with no attempt limit and no deadline: while the call keeps failing the answer it waits for never comes; cap the attempts on errors or set a deadline")
		}
	}
	checkStopSkips(p) // stopskip.go
	checkClientRetries(p, seen)
	return nil
}

// checkHandWritten reports a loop or recursive retry without a counter or a
// deadline of its own.
func checkHandWritten(p *lint.Pass, r *retryscope.Region, what, fix string) {
	b := r.Bound
	switch {
	case r.Failover: // bounded by the number of targets
	case p.Scope.BoundFromCaller(r): // a forwarding wrapper: its calls are judged instead
	case b.Counter != nil || p.Scope.LocalDeadline(r):
	case statedEndless(p, r): // the author says it retries forever on purpose
	case r.StoppedByOwner(), r.AttemptStoppedByOwner(): // it retries for its owner's lifetime: the owner's Close is the bound
	case r.RestartsOnConflict(): // each round another writer made progress: contention bounds it
	case r.StaleRefreshEndsWithContext(): // each round reads fresh state, and the context ends it
	case p.Scope.Supervises(r): // a session's supervisor: the owner's lifetime bounds it
	case p.Scope.DeadlineFromLifecycle(r): // a component's background loop: its owner cancels the context
	case p.Scope.Heartbeat(r): // a heartbeat that reconnects: its stop ends it
	case b.Deadline != nil: // a stop from outside bounds it, unless it provably never fires (neverfires.go)
		reportNeverFires(p, r, what, fix)
	default:
		p.ReportRegion(r, nil, "", nil, "%s has no attempt limit and no deadline: %s or set a deadline", what, fix)
	}
}

// ifInit returns the init of the if statement whose condition cond is, when
// it sets a variable the condition reads (if err := ctx.Err(); err != nil).
func ifInit(info *types.Info, cond ast.Node) *ast.AssignStmt {
	e, ok := cond.(ast.Expr)
	if !ok {
		return nil
	}
	as, _ := code.AssignAtIf(info, e, nil, false)
	return as
}

// describe renders a bound's node: a condition, or a select case's receive.
// A condition that reads what its if statement's init sets shows the init
// too: err != nil alone would name a variable the reader cannot place.
func describe(info *types.Info, n ast.Node) string {
	switch n := n.(type) {
	case *ast.ExprStmt:
		return types.ExprString(n.X)
	case *ast.AssignStmt:
		if len(n.Rhs) == 1 {
			return types.ExprString(n.Rhs[0])
		}
	case ast.Expr:
		if as := ifInit(info, n); as != nil {
			return types.ExprString(n) + " (" + assignString(as) + ")"
		}
		return types.ExprString(n)
	}
	return "a channel receive"
}

// assignString renders a one-to-one assignment: err := ctx.Err().
func assignString(as *ast.AssignStmt) string {
	lhs, rhs := make([]string, len(as.Lhs)), make([]string, len(as.Rhs))
	for i := range as.Lhs {
		lhs[i], rhs[i] = types.ExprString(as.Lhs[i]), types.ExprString(as.Rhs[i])
	}
	return strings.Join(lhs, ", ") + " " + as.Tok.String() + " " + strings.Join(rhs, ", ")
}
