package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A retry's budget is often its user's: the attempt limit is a field of a
// configuration or API object (cfg.MaxRetries, spec.Backoff.Steps) or a
// parameter the caller passes. The code fixes no number; whoever fills the
// field or passes the value chose what a permanent error may cost (decided
// on set H2). A limit the code fixes (a constant, a package-level var, an
// unexported field the package sets only to constants: code.AtMost) is read
// as a number instead, and a retry with no limit at all has no budget to
// declare.

// BoundDeclaredElsewhere reports whether a loop's or a helper's attempt
// limit (a loop's `i < n` or countdown, a range over an int, wait.Backoff's
// Steps, backoff's MaxRetries or MaxElapsedTime, retry-go's Attempts) is a
// number the code does not fix: a struct field or a parameter of the
// function around it, read directly, through a conversion, a sum with a
// constant or a local variable assigned once, with no ceiling the code
// shows. A recursive retry's counter parameter is its own count, not its
// caller's budget: recursion is left out.
func (res *Result) BoundDeclaredElsewhere(r *Region) bool {
	if res.info == nil {
		return false
	}
	if res.limitFromTagDefault(r) {
		return true // bound_tagdefault.go
	}
	if r.Helper != nil && r.Helper.Wrapper != nil && r.Helper.Wrapper.BudgetDeclared {
		return true // the wrapper retries as often as its user configured
	}
	if r.Bound.MaxAttempts > 0 || r.Bound.Tries.Attempts > 0 {
		return false
	}
	return anyDeclaredElsewhere(res.info, enclosingParams(res.info, r.Func), res.limitValues(r))
}

// anyDeclaredElsewhere reports whether one of the limit values is declared
// elsewhere (declaredElsewhere).
func anyDeclaredElsewhere(info *types.Info, params map[*types.Var]bool, limits []ast.Expr) bool {
	return slices.ContainsFunc(limits, func(e ast.Expr) bool { return declaredElsewhere(info, params, e, 0) })
}

// limitValues returns the expressions whose values set a region's attempt
// limit: the operands of a loop's counting condition, the int a loop
// ranges over, the numeric arguments of a helper's limiting setting.
func (res *Result) limitValues(r *Region) []ast.Expr {
	switch {
	case r.Kind == LoopRegion:
		return counterOperands(res.info, r.Bound.Counter)
	case r.Kind == CallbackRegion && r.Helper != nil && r.Helper.Wrapper == nil:
		return settingNumbers(res.info, r.Helper, r.Helper.Policy().Limit)
	case r.Kind == CallbackRegion && r.Helper != nil:
		if k := r.Helper.Wrapper.BudgetParam; k > 0 && k <= len(r.Helper.Call.Args) {
			return []ast.Expr{r.Helper.Call.Args[k-1]} // the wrapper's caller picks its budget
		}
	}
	return nil
}

// counterOperands returns the numeric operands of the comparisons in a
// loop's counting condition, or the int a range statement ranges over.
func counterOperands(info *types.Info, counter ast.Node) []ast.Expr {
	if rs, ok := counter.(*ast.RangeStmt); ok {
		if code.IsNumeric(info.TypeOf(rs.X)) {
			return []ast.Expr{rs.X}
		}
		return nil
	}
	cond, ok := counter.(ast.Expr)
	if !ok {
		return nil
	}
	var out []ast.Expr
	code.Inspect(cond, func(n ast.Node) bool {
		if b, ok := n.(*ast.BinaryExpr); ok && isComparison(b.Op) {
			if code.IsNumeric(info.TypeOf(b.X)) && code.IsNumeric(info.TypeOf(b.Y)) { // a count, not a stop signal's test
				out = append(out, b.X, b.Y)
			}
			return false
		}
		return true
	})
	return out
}

func isComparison(op token.Token) bool {
	switch op {
	case token.LSS, token.LEQ, token.GTR, token.GEQ, token.EQL, token.NEQ:
		return true
	}
	return false
}

// settingNumbers returns the non-constant numeric values of the helper's
// setting at node (an option call's count, a struct literal field's value).
func settingNumbers(info *types.Info, h *HelperCall, node ast.Node) []ast.Expr {
	if node == nil {
		return nil
	}
	var out []ast.Expr
	for _, s := range h.Settings {
		if s.Node != node {
			continue
		}
		for _, a := range s.Args {
			if a.Const == nil && code.IsNumeric(info.TypeOf(a.Expr)) {
				out = append(out, a.Expr)
			}
		}
	}
	if kv, ok := node.(*ast.KeyValueExpr); ok && len(out) == 0 && code.IsNumeric(info.TypeOf(kv.Value)) {
		out = append(out, kv.Value)
	}
	return out
}

// declaredElsewhere reports whether an expression takes its value from a
// struct field or one of params with no ceiling the code shows.
func declaredElsewhere(info *types.Info, params map[*types.Var]bool, e ast.Expr, depth int) bool {
	found := false
	budgetSources(info, e, false, depth, func(leaf ast.Expr) bool {
		found = fromParamOrField(info, params, leaf)
		return !found
	})
	return found
}

// fromParamOrField reports whether leaf names one of params or selects a
// field of something other than a package-level variable.
func fromParamOrField(info *types.Info, params map[*types.Var]bool, leaf ast.Expr) bool {
	switch x := leaf.(type) {
	case *ast.Ident:
		v, ok := info.Uses[x].(*types.Var)
		return ok && params[v]
	case *ast.SelectorExpr:
		v, ok := info.Uses[x.Sel].(*types.Var)
		return ok && v.IsField() && !ofPackageVar(info, x.X)
	}
	return false
}

// budgetSources calls visit with each name or field selection e takes its
// value from, until visit returns false: through parentheses, conversions,
// & and *, arithmetic, local variables assigned once and, with calls, the
// arguments of a call that converts its input (b, err := convert(in)). An
// operand with a ceiling the code shows (code.AtMost) is a number the code
// fixes, and is no source.
func budgetSources(info *types.Info, e ast.Expr, calls bool, depth int, visit func(ast.Expr) bool) bool {
	if depth > 4 || e == nil {
		return true
	}
	if _, known := code.AtMost(info, e); known {
		return true
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		if !visit(x) {
			return false
		}
		v, ok := info.Uses[x].(*types.Var)
		if !ok || v.IsField() || v.Pkg() == nil || v.Parent() == v.Pkg().Scope() {
			return true
		}
		if d, ok := code.SoleDef(info, v); ok && d.Replaces() && d.Func != nil {
			return budgetSources(info, d.Value, calls, depth+1, visit)
		}
	case *ast.SelectorExpr:
		return visit(x)
	case *ast.CallExpr:
		if tv, ok := info.Types[x.Fun]; ok && tv.IsType() && len(x.Args) == 1 {
			return budgetSources(info, x.Args[0], calls, depth+1, visit)
		}
		if calls {
			for _, a := range x.Args {
				if !budgetSources(info, a, calls, depth+1, visit) {
					return false
				}
			}
		}
	case *ast.BinaryExpr:
		return budgetSources(info, x.X, calls, depth+1, visit) && budgetSources(info, x.Y, calls, depth+1, visit)
	case *ast.StarExpr:
		return budgetSources(info, x.X, calls, depth+1, visit)
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			return budgetSources(info, x.X, calls, depth+1, visit)
		}
	}
	return true
}

// ofPackageVar reports whether a field selection's base is a package-level
// variable (defaults.Retries): its value is the package's, in reach.
func ofPackageVar(info *types.Info, base ast.Expr) bool {
	for {
		switch x := ast.Unparen(base).(type) {
		case *ast.SelectorExpr:
			if v, ok := info.Uses[x.Sel].(*types.Var); ok && !v.IsField() {
				return v.Parent() == v.Pkg().Scope()
			}
			base = x.X
		case *ast.Ident:
			v, ok := info.Uses[x].(*types.Var)
			return ok && v.Pkg() != nil && v.Parent() == v.Pkg().Scope()
		default:
			return false
		}
	}
}

// enclosingParams returns the parameters of fn and of the functions around
// it.
func enclosingParams(info *types.Info, fn ast.Node) map[*types.Var]bool {
	out := map[*types.Var]bool{}
	add := func(n ast.Node) {
		var sig *types.Signature
		switch f := n.(type) {
		case *ast.FuncDecl:
			if obj, ok := info.Defs[f.Name].(*types.Func); ok {
				sig = obj.Signature()
			}
		case *ast.FuncLit:
			sig, _ = info.TypeOf(f).(*types.Signature)
		}
		if sig == nil {
			return
		}
		for i := range sig.Params().Len() {
			out[sig.Params().At(i)] = true
		}
	}
	if fn == nil {
		return out
	}
	add(fn)
	if t := code.TreeOf(info); t != nil {
		for _, n := range t.Enclosing(fn) {
			add(n)
		}
	}
	return out
}
