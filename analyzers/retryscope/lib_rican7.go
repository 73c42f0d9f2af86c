package retryscope

import (
	"go/ast"
	"slices"

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
// package written in the call (a strategy of the caller's own may wait or
// stop in ways not known here).
func (r *policyReader) rican7() {
	if args, ok := r.strategyArgs(1); !ok || foreignStrategy(r, args, rican7Strategy) != nil {
		return
	}
	r.strategies(rican7Strategy, rican7Backoff)
}

// strategies reads the strategy calls of Rican7/retry and of the libraries
// that took its design (kamilsk/retry): strategy.Limit bounds, Wait, Backoff
// and BackoffWithJitter wait, and with none of them the attempts follow each
// other at once.
func (r *policyReader) strategies(strategyPkg, backoffPkg string) {
	limit := r.fn(strategyPkg, "Limit")
	r.capAttempts(limit, 0, false, false)
	if len(limit) == 0 {
		r.forever(r.h.Call)
	}
	wait, bo, bj := r.fn(strategyPkg, "Wait"), r.fn(strategyPkg, "Backoff"), r.fn(strategyPkg, "BackoffWithJitter")
	switch onlyOne(wait, bo, bj) {
	case 0:
		if len(wait[0].Args) == 1 && !r.randomIn(wait) {
			r.shape(ShapeConstant, wait[0].Node)
			r.jitter(TriNo, wait[0].Node)
		}
	case 1:
		r.algorithm(backoffPkg, bo[0].Node)
		if !r.randomIn(bo) {
			r.jitter(TriNo, bo[0].Node)
		}
	case 2:
		r.algorithm(backoffPkg, bj[0].Node)
		r.jitter(TriYes, bj[0].Node)
	case -1:
		if len(wait)+len(bo)+len(bj) == 0 {
			r.shape(ShapeNone, r.h.Call)
		}
	}
}

// strategyArgs returns the strategies of the call, from argument first on:
// the arguments, or the elements of the one slice literal a variable passed
// with ... was given (how := retry.How{...}; retry.Do(ctx, action, how...)).
// ok is false when the strategies are out of reach.
func (r *policyReader) strategyArgs(first int) (args []ast.Expr, ok bool) {
	call := r.h.Call
	if first > len(call.Args) {
		return nil, false
	}
	if !call.Ellipsis.IsValid() {
		return call.Args[first:], true
	}
	if len(call.Args) != first+1 {
		return nil, false
	}
	v := code.VarOf(r.info, call.Args[first])
	def, ok := code.SoleDef(r.info, v)
	if v == nil || !ok || !def.ByName() {
		return nil, false
	}
	lit, isLit := ast.Unparen(def.Value).(*ast.CompositeLit)
	if !isLit {
		return nil, false
	}
	return lit.Elts, true
}

// foreignStrategy returns the first strategy that is not a call of one of
// the packages (a strategy of the code's own, a func value), or nil.
func foreignStrategy(r *policyReader, args []ast.Expr, pkgs ...string) ast.Expr {
	for _, a := range args {
		call, ok := ast.Unparen(a).(*ast.CallExpr)
		if !ok {
			return a
		}
		fn := code.Callee(r.info, call)
		if fn == nil || fn.Pkg() == nil || !slices.Contains(pkgs, fn.Pkg().Path()) {
			return a
		}
	}
	return nil
}

// algorithm reads the backoff algorithm of a Backoff strategy.
func (r *policyReader) algorithm(backoffPkg string, at ast.Node) {
	switch {
	case len(r.fn(backoffPkg, "Exponential")) > 0 || len(r.fn(backoffPkg, "BinaryExponential")) > 0:
		r.shape(ShapeExponential, at)
	case len(r.fn(backoffPkg, "Fibonacci")) > 0:
		r.shape(ShapeFibonacci, at)
	case len(r.fn(backoffPkg, "Constant")) > 0:
		r.shape(ShapeConstant, at)
	}
}
