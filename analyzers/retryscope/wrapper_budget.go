package retryscope

import (
	"go/ast"
	"go/types"
)

// A retry wrapper often takes its attempt limit from its caller: a count
// (func retry(attempts int, fn func() error)) or a backoff value it hands
// to its library, as it is or converted first (b := toBackoff(cfg); wait.
// ExponentialBackoff(*b, ...)). The wrapper fixes no number; each call
// picks the budget, and a call that passes a configuration field or its own
// parameter leaves it to its user (BoundDeclaredElsewhere). The fact records
// the parameter (RetryWrapper.BudgetParam).

// loopBudgetParam returns 1 + the index of the parameter a wrapper's loop
// limit is read from, when the code fixes no count; 0 for none.
func (res *Result) loopBudgetParam(r *Region, params []*types.Var) int {
	if r.Bound.MaxAttempts > 0 || r.Bound.Tries.Attempts > 0 {
		return 0
	}
	return budgetParam(res.info, params, counterOperands(res.info, r.Bound.Counter), false)
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
			for k, v := range params {
				if v != nil && info.Uses[id] == v && !isFuncVar(v) && !IsContext(v.Type()) {
					found = k + 1
				}
			}
			return found == 0
		})
		if found > 0 {
			return found
		}
	}
	return 0
}
