package retryscope

import (
	"go/ast"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// github.com/Rican7/retry: retry.Retry(action, strategies...) runs the action
// while every strategy allows another attempt. Only strategy.Limit stops it;
// strategy.Wait, Backoff and BackoffWithJitter wait between attempts (Delay
// only before the first), and only BackoffWithJitter randomizes the wait. The
// action cannot mark an error final: the helper has no classifier.
func init() {
	register(&library{read: (*policyReader).rican7, hints: fixedHints(Hints{
		Backoff:  "use strategy.BackoffWithJitter(backoff.BinaryExponential(d), jitter.Full(nil))",
		Jitter:   "use strategy.BackoffWithJitter with a jitter transformation (jitter.Full(nil)) instead of strategy.Backoff",
		Bound:    "add strategy.Limit(n)",
		Classify: "the action cannot mark an error final: check it (errors.Is/As) and stop retrying errors that cannot succeed",
	})}, "rican7-retry")
}

const (
	rican7Strategy = "github.com/Rican7/retry/strategy"
	rican7Backoff  = "github.com/Rican7/retry/backoff"
)

// rican7 reads the strategies, when each of them is a call of the strategy
// package written in the call (a strategy of the caller's own, or a slice
// passed with ..., may wait or stop in ways not known here).
func (r *policyReader) rican7() {
	if !r.knownStrategies() {
		return
	}
	limit := r.fn(rican7Strategy, "Limit")
	r.capAttempts(limit, 0, false, false)
	if len(limit) == 0 {
		r.forever(r.h.Call)
	}
	wait, bo, bj := r.fn(rican7Strategy, "Wait"), r.fn(rican7Strategy, "Backoff"), r.fn(rican7Strategy, "BackoffWithJitter")
	switch onlyOne(wait, bo, bj) {
	case 0:
		if len(wait[0].Args) == 1 && !r.randomIn(wait) {
			r.shape(ShapeConstant, wait[0].Node)
			r.jitter(TriNo, wait[0].Node)
		}
	case 1:
		r.rican7Algorithm(bo[0].Node)
		if !r.randomIn(bo) {
			r.jitter(TriNo, bo[0].Node)
		}
	case 2:
		r.rican7Algorithm(bj[0].Node)
		r.jitter(TriYes, bj[0].Node)
	case -1:
		if len(wait)+len(bo)+len(bj) == 0 {
			r.shape(ShapeNone, r.h.Call)
		}
	}
}

// knownStrategies reports whether every strategy argument is a call of the
// strategy package.
func (r *policyReader) knownStrategies() bool {
	if r.h.Call.Ellipsis.IsValid() {
		return false
	}
	for _, a := range r.h.Call.Args[1:] {
		call, ok := ast.Unparen(a).(*ast.CallExpr)
		if !ok {
			return false
		}
		fn := code.Callee(r.info, call)
		if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != rican7Strategy {
			return false
		}
	}
	return true
}

// rican7Algorithm reads the backoff algorithm of a Backoff strategy.
func (r *policyReader) rican7Algorithm(at ast.Node) {
	switch {
	case len(r.fn(rican7Backoff, "Exponential")) > 0 || len(r.fn(rican7Backoff, "BinaryExponential")) > 0:
		r.shape(ShapeExponential, at)
	case len(r.fn(rican7Backoff, "Fibonacci")) > 0:
		r.shape(ShapeFibonacci, at)
	}
}
