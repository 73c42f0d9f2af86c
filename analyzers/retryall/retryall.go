// Package retryall defines an Analyzer that reports retries which treat every
// error alike.
//
// # Retries every error alike
//
// A retry region (a hand-written retry loop, a recursive retry, or a callback
// handed to a retry helper) whose failure path never looks at the error retries
// validation errors, authorization failures and bugs as eagerly as timeouts. Those
// attempts cannot succeed; they only add load to a dependency that may already be
// failing and delay the answer the caller needs. Classify first: errors.Is/As, a
// type switch, a sentinel comparison, a status-code check, a classifier call, or
// the helper's own way to stop (backoff.Permanent, retry.Unrecoverable,
// retry.RetryIf, returning an error without retry.RetryableError).
//
// A failover loop, which sends each attempt to the next replica or endpoint, is
// not reported: moving on after any error is its purpose. Nor is an attempt
// that only connects (a dial, a name lookup, an HTTP request whose status is
// never read): its errors are transport errors, with nothing to classify
// (retryscope: Region.MayBeRefused). Helpers that classify by
// themselves (cockroach-go's crdb, client-go's retry.RetryOnConflict, and
// retry.OnError given a predicate that does not accept every error) are not
// reported, nor callbacks of an
// inferred wrapper: the wrapper's own loop is where the fix belongs. An
// implementation of an interface method whose (bool, error) verdict a retry
// loop obeys is such a loop's callback, and is reported at its name when it
// answers "try again" on every error (retryscope.VerdictImpl). Nor is a
// start-up wait for its clients (a command's counted, waited loop building a
// handle, or a start-up loop outside handlers and other loops building one
// under an elapsed-time limit: retryscope.Result.ProbesUntilReady), or a loop
// of one process that
// goes round at most twice and tells nobody its errors
// (retryscope.Result.KeepsErrorsOfOneRetry). Nor is a retry whose attempts
// and waits the code caps at a modest number of tries (at most 10 attempts
// and 5 min of waiting in all: retryscope.Result.FewTries), or whose attempt
// limit is a field or a parameter the code does not fix (retryscope.Result.
// BoundDeclaredElsewhere): a permanent error costs at most nine more calls
// within minutes, or what its user chose (decided on set H2, widened on T2).
// A failure way that leaves
// unless a probe of the dependency made after the failure answers that going
// round can help (the resource is still pending) classifies by that answer
// (retryscope loop_probeclass.go; decided on set H1).
// A self-call that hands on a value of another type built from a parameter (a
// composite literal wrapping it, a conversion, a call's result) refines its
// input and is no retry (retryscope loop_recrefine.go; decided on set H2).
// Nor is a poll condition (wait.ExponentialBackoff's) that holds no error a
// call returns: it goes round on a state it reads, and retries no error
// (retryscope.Result.RetriesNoError; decided on set H2).
// Nor is a supervisor that cancellation stops and that waits a growing,
// capped time between attempts: it re-creates its owner's session, and a
// permanent error costs it one attempt per cap interval
// (retryscope.Result.Supervises; decided on set H2).
package retryall

import (
	"go/ast"

	"github.com/retrylint/retrylint/analyzers/internal/code"
	"github.com/retrylint/retrylint/analyzers/internal/lint"
	"github.com/retrylint/retrylint/analyzers/retryscope"
)

const doc = `report retries that treat every error alike

A retry region whose failure path never inspects the error (no errors.Is/As,
type switch, sentinel compare, status-code check or classifier call; for helpers
no Permanent/Unrecoverable/RetryIf) retries permanent failures too.`

// Analyzer reports retry regions without error classification.
var Analyzer = lint.New("retryall", doc, run)

func run(p *lint.Pass) error {
	accepting := map[*ast.CallExpr]bool{} // calls judged already: a wrapper's call is a region of its own
	for _, r := range p.Scope.Regions {
		if r.Helper != nil {
			accepting[r.Helper.Call] = true
		}
	}
	for _, r := range p.Scope.Regions {
		if r.Classified() && r.MayBeRefused() && !r.Failover && !r.StoppedByOwner() && !p.Scope.ProbesUntilReady(r) {
			reportAcceptAllCalls(p, r, accepting)
		}
		if !r.MayBeRefused() || r.Classified() || r.Failover || p.Scope.OperationFromCaller(r) || p.Scope.ProbesUntilReady(r) {
			continue // an attempt that only connects fails only on the way; a forwarding wrapper's callers are judged instead; a readiness probe has nothing to classify
		}
		if r.StoppedByOwner() || p.Scope.Supervises(r) {
			continue // it works for its owner's lifetime: ending on a permanent error is the owner's decision
		}
		if r.StartsOnce() && !r.Endless() {
			continue // a boot-time wait: a permanent error delays one start by its bound, then is reported
		}
		if p.Scope.KeepsAlive(r) {
			continue // nobody to hand a permanent failure to: leaving would silently stop the work for good
		}
		if p.Scope.KeepsErrorsOfOneRetry(r) {
			continue // one process's one retry whose failures nobody is told: classifying would save one call
		}
		if p.Scope.FewTries(r) || p.Scope.BoundDeclaredElsewhere(r) {
			continue // a permanent error costs a few more calls within seconds, or what its user chose
		}
		if p.Scope.RetriesNoError(r) || p.Scope.AwaitsAppearance(r) {
			continue // it goes round on a state it reads, or polls for something to appear: no error to classify
		}
		if w := wrapperOf(r); w != nil && (r.Body == nil || (!w.Forwards && w.ClassifyParam == 0)) {
			continue // the wrapper's own loop decides, unless each caller picks its classifier
		}
		p.ReportRegion(r, nil, "", nil, "%s", message(r))
	}
	checkClientRetries(p)
	checkVerdictImpls(p)
	return nil
}

// reportAcceptAllCalls reports the calls of a function whose retry takes the
// caller's predicate that pass one accepting every error (func(err error)
// bool { return err != nil }): the retry retries every error for them.
func reportAcceptAllCalls(p *lint.Pass, r *retryscope.Region, seen map[*ast.CallExpr]bool) {
	for _, call := range p.Scope.AcceptAllCalls(r) {
		if seen[call] {
			continue
		}
		seen[call] = true
		p.Reportf(call, "%s retries every error: the predicate this call passes accepts them all; pass one that accepts only transient errors", code.ShortName(code.Callee(p.TypesInfo, call)))
	}
}

func message(r *retryscope.Region) string {
	switch {
	case r.Helper != nil:
		return code.ShortName(r.Helper.Func) + " retries every error the callback returns: " + helperHint(r)
	case r.Kind == retryscope.RecursionRegion:
		return "recursive retry calls itself again on every error: return permanent errors (check errors.Is/As or the status) instead of retrying them"
	default:
		return "retry loop retries every error alike: check errors.Is/As or the status code and return permanent failures instead of retrying them"
	}
}

func helperHint(r *retryscope.Region) string { return r.Helper.Hints(r.Helper.Call).Classify }

// wrapperOf returns the inferred wrapper a callback region was handed to, or nil.
func wrapperOf(r *retryscope.Region) *retryscope.RetryWrapper {
	if r.Helper == nil {
		return nil
	}
	return r.Helper.Wrapper
}
