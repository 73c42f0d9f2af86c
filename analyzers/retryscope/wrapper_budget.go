package retryscope

import (
	"go/ast"
	"go/types"
	"time"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A retry wrapper often takes its attempt limit from its caller: a count
// (func retry(attempts int, fn func() error)) or a backoff value it hands
// to its library, as it is or converted first (b := toBackoff(cfg); wait.
// ExponentialBackoff(*b, ...)). The wrapper fixes no number; each call
// picks the budget, and a call that passes a configuration field or its own
// parameter leaves it to its user (BoundDeclaredElsewhere). The fact records
// the parameter (RetryWrapper.BudgetParam).

// loopBudgetParam returns 1 + the index of the parameter a wrapper's loop
// limit is read from, when the code fixes no count, or 0; and, when the
// loop counts to the parameter itself (i < n, i >= n, ...), 1 + the attempts
// it makes past the parameter's value: one more than the counter condition
// reads as a constant count (maxAttempts), since the check may follow the
// attempt. 0 when it does not count to it.
func (res *Result) loopBudgetParam(r *Region, params []*types.Var) (int, int) {
	if r.Bound.MaxAttempts > 0 || r.Bound.Tries.Attempts > 0 {
		return 0, 0
	}
	k := budgetParam(res.info, params, counterOperands(res.info, r.Bound.Counter), false)
	bin, ok := r.Bound.Counter.(*ast.BinaryExpr)
	if k == 0 || !ok {
		return k, 0
	}
	for _, side := range []ast.Expr{bin.X, bin.Y} {
		if id, ok := ast.Unparen(side).(*ast.Ident); ok && res.info.Uses[id] == params[k-1] {
			if per := attemptsPast(bin.Op, 1); per > 0 {
				return k, per + 1
			}
		}
	}
	return k, 0
}

// CallerTries returns the tries of a call of a loop wrapper whose count and
// wait are its parameters (BudgetParam, WaitParam) when the call passes
// constants there: at most count + BudgetExtra - 1 attempts, each followed
// by at most one wait. The zero Tries otherwise.
func (res *Result) CallerTries(r *Region) Tries {
	if r.Helper == nil || r.Helper.Wrapper == nil || res.info == nil {
		return Tries{}
	}
	w, args := r.Helper.Wrapper, r.Helper.Call.Args
	if w.BudgetExtra == 0 || w.WaitParam == 0 || w.BudgetParam > len(args) || w.WaitParam > len(args) {
		return Tries{}
	}
	n, ok := code.Int(res.info, args[w.BudgetParam-1])
	d, okWait := code.Int(res.info, args[w.WaitParam-1])
	attempts := n + int64(w.BudgetExtra) - 1
	if !ok || !okWait || attempts <= 0 || attempts > maxRounds || d < 0 {
		return Tries{}
	}
	return Tries{Attempts: int(attempts), Wait: time.Duration(attempts * d)}
}

// helperBudgetParam returns 1 + the index of the parameter a wrapper's
// helper call takes its attempt limit from, when its settings fix no count
// (its limiting setting has no constant value, or the library's count is
// left to a value out of sight): the parameter that setting, or the pace
// value it is read from, is made of; for a wrapper of a wrapper, the
// parameter handed on to the inner one's BudgetParam. 0 for none.
func helperBudgetParam(info *types.Info, h *HelperCall, cb int, inner *RetryWrapper, params []*types.Var) int {
	if inner != nil {
		return handedParam(info, h.Call, inner.BudgetParam, params)
	}
	p := h.policy
	if p == nil || p.MaxAttempts > 0 || p.Tries.Attempts > 0 || p.NoRetry != nil || p.Unbounded != nil {
		return 0
	}
	var sources []ast.Expr
	if p.Limit != nil {
		sources = settingNumbers(info, h, p.Limit)
	}
	if len(sources) == 0 && (p.Limit != nil || !p.DefaultLimit || p.TimeLimit) {
		return 0 // a limit the code fixes, or the library's own
	}
	for j, a := range h.Call.Args {
		if j != cb && !IsContext(info.TypeOf(a)) {
			sources = append(sources, a) // the value the limit is read from, out of sight
		}
	}
	return budgetParam(info, params, sources, true)
}

// helperBudgetDeclared reports whether a wrapper's helper call takes its
// attempt limit from a field the wrapper does not fix (a receiver's
// configured retry count), or hands its callback to a wrapper that does.
func helperBudgetDeclared(info *types.Info, h *HelperCall, inner *RetryWrapper, fn ast.Node) bool {
	if inner != nil {
		return inner.BudgetDeclared
	}
	if h == nil || h.policy == nil || h.policy.MaxAttempts > 0 || h.policy.Tries.Attempts > 0 {
		return false
	}
	return anyDeclaredElsewhere(info, enclosingParams(info, fn), settingNumbers(info, h, h.policy.Limit))
}

// budgetParam returns 1 + the index of the first of params (not a func, not
// a context) one of the expressions takes its value from, or 0.
func budgetParam(info *types.Info, params []*types.Var, sources []ast.Expr, calls bool) int {
	found := 0
	for _, e := range sources {
		budgetSources(info, e, calls, 0, func(leaf ast.Expr) bool {
			id, ok := leaf.(*ast.Ident)
			if !ok {
				return true
			}
			if k := code.ParamIndex(params, code.VarOf(info, id)); k >= 0 && !isFuncVar(params[k]) && !IsContext(params[k].Type()) {
				found = k + 1
			}
			return found == 0
		})
		if found > 0 {
			return found
		}
	}
	return 0
}
