package retryscope

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A retry wrapper often takes its caller's predicate and hands it to the
// library's classification option (retry.RetryIf(retryIf), directly or
// through a function of the package that builds the options): which errors
// are retried is then chosen at each call of the wrapper. The wrapper's fact
// records that parameter (RetryWrapper.ClassifyParam) and the option; a call
// of the wrapper reads the argument it passes there as if it had given it to
// the library itself (handedClassification).

// handedClassifier is what a retry call in a wrapper does with errors: the
// parameter it hands, unchanged, to its library's classification option
// (param is 1 + its index, option the option's full name; 0, "" for none),
// and whether it classifies with something of its own as well (a predicate
// written in the wrapper).
type handedClassifier struct {
	param  int
	option string
	own    bool
}

// classifierOf reads a retry call in the wrapper decl: a library helper's
// settings, or, inner being the wrapper called, the argument it passes for
// that wrapper's classification.
func (res *Result) classifierOf(info *types.Info, call *ast.CallExpr, callbackArg int, inner *RetryWrapper, decl *funcNode) handedClassifier {
	params := decl.params(info)
	if inner != nil {
		if inner.ClassifyParam == 0 || inner.ClassifyParam > len(call.Args) {
			return handedClassifier{}
		}
		return res.handedPredicate(info, call.Args[inner.ClassifyParam-1], inner.ClassifyOption, params)
	}
	if fn := code.Callee(info, call); fn != nil {
		if i, ok := res.retryHelper(fn).PredicateArg(); ok && i < len(call.Args) {
			return res.handedPredicate(info, call.Args[i], predicateSetting, params)
		}
	}
	if res.Knowledge == nil {
		return handedClassifier{}
	}
	var c handedClassifier
	walk := walkSettings(info, res.funcs, res.funcs.enclosing(call.Pos()), call, callbackArg)
	for _, s := range walk.out {
		if !res.Knowledge.IsClassifierName(s.Name) {
			continue
		}
		if k := walk.paramIndex(s, params); k > 0 && c.param == 0 {
			c.param, c.option = k, s.Name
			continue
		}
		c.own = true
	}
	return c
}

// handedPredicate reads the predicate a wrapper passes for its callee's
// classification option: one of its own func parameters, unchanged or only
// forwarded to (func(err error) bool { return retriable(err) }), is handed on
// to its callers; any other predicate classifies unless it is nil or accepts
// every error.
func (res *Result) handedPredicate(info *types.Info, arg ast.Expr, option string, params []*types.Var) handedClassifier {
	if k := paramIndex(info, forwardedPredicate(info, arg), params); k >= 0 && isFuncParam(info, params[k]) {
		return handedClassifier{param: k + 1, option: option}
	}
	return handedClassifier{own: !code.IsNil(info, arg) && !acceptsEvery(info, res.funcs, arg)}
}

// paramIndex returns 1 + the index among params of the func parameter a
// one-argument setting is made of, or 0.
func (s *settingsWalk) paramIndex(set Setting, params []*types.Var) int {
	if len(set.Args) != 1 {
		return 0
	}
	v := s.handedFrom(set.Args[0].Expr)
	if v == nil || !isFuncParam(s.info, v) {
		return 0
	}
	return code.ParamIndex(params, v) + 1
}

// handedFrom follows an identifier through the helpers' parameters the walk
// read (handed) to the variable the helper call's own code names, or nil.
// A parameter given another value on the way (if retryIf == nil { retryIf =
// isTransient }) is not the argument any more: nil.
func (s *settingsWalk) handedFrom(e ast.Expr) *types.Var {
	for range maxSettingsDepth {
		v := code.VarOf(s.info, e)
		if v == nil || assigned(s.info, v) {
			return nil
		}
		next, ok := s.handed[v]
		if !ok {
			return v
		}
		e = next
	}
	return nil
}

func assigned(info *types.Info, v *types.Var) bool {
	for range code.DefsOf(info, v) {
		return true
	}
	return false
}

// isFuncParam reports whether v is a parameter of function type that keeps
// the argument it was given.
func isFuncParam(info *types.Info, v *types.Var) bool {
	return isFuncVar(v) && !assigned(info, v)
}

// handedParam maps parameter param-1 of a wrapper called by another function
// onto that function's parameters: the argument the call passes for it is one
// of the caller's parameters, as it is (1 + its index), or 0.
func handedParam(info *types.Info, call *ast.CallExpr, param int, params []*types.Var) int {
	if param == 0 || param > len(call.Args) {
		return 0
	}
	return code.ParamIndex(params, code.VarOf(info, call.Args[param-1])) + 1
}

// handedClassification returns, for a call of a wrapper that hands a
// parameter to its library's classification, the argument it passes there
// as a setting of that option: the call's own classification. A nil
// argument gives none: the wrapper cannot hand nil to the library (which
// would call it), so it leaves the library's default, retrying every error.
// A nil predicate for a helper that must call it (retry.OnError) stays a
// setting: what it does is not "retry every error".
func handedClassification(info *types.Info, h *HelperCall) []Setting {
	w := h.Wrapper
	if w == nil || w.ClassifyParam == 0 || w.ClassifyParam > len(h.Call.Args) {
		return nil
	}
	arg := h.Call.Args[w.ClassifyParam-1]
	if code.IsNil(info, arg) && w.ClassifyOption != predicateSetting {
		return nil
	}
	return []Setting{{Name: w.ClassifyOption, Node: arg, Args: []Value{{Expr: arg}}}}
}
