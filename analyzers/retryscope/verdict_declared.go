package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A verdict that lives in a declared function. A hand-written retry often
// hands the failed attempt's error (and its attempt count) to a function or
// method of its own code, a budget object (if e := bo.Backoff(cfg, err); e !=
// nil { return e }) or a rule set (a, e := rules.Recover(err, attempt)), and
// leaves when it answers with an error. The loop is bounded by that answer
// unless the callee provably never says stop of its own (NoVerdict): every
// error it returns is nil, the context's (ctx.Err()), or the error it was
// handed (itself, or wrapped by a literal or a function of another package)
// and every test in its body reads nothing but errors and contexts, so that
// what goes round is chosen by the failure's class alone (a classifier, a
// logger, a wait whose only end is its context). A callee read from
// another package of the analysed code carries that proof as a fact; one
// out of reach (another module's method) may bound. A package function of
// another module (errors.WithStack, multierr.Append) wraps, and a method of
// a value made inside the loop (a budget built every round) starts afresh
// each round: neither bounds. The verdict bounds only: it tells no failures
// apart (retryall still judges the loop), and its own wait is judged where
// it is.

// NoVerdict marks a function of the analysed code that never says stop of its
// own when handed a failure (see above).
type NoVerdict struct{ Origin }

func (*NoVerdict) AFact() {}

func (*NoVerdict) String() string { return "never says stop of its own" }

// declaredVerdict returns the first call on the ways from a failure to the
// next attempt that is a declared function's verdict, or nil.
// stmt is the loop, or a self-calling function's body.
func (w *retryWays) declaredVerdict(stmt ast.Stmt) *ast.CallExpr {
	counts, round := steppedCounts(w.f.info, stmt), loopBody(stmt)
	return w.firstVerdict(func(call *ast.CallExpr, vars []types.Object) bool {
		return w.f.declaredVerdictCall(call, vars, counts, round)
	})
}

// steppedCounts returns the integer variables a loop steps (n++, n += 1) and
// does not declare in its body: its attempt counts. A self-call's round
// steps none.
func steppedCounts(info *types.Info, stmt ast.Stmt) []types.Object {
	var body ast.Node
	switch s := stmt.(type) {
	case *ast.ForStmt:
		body = s.Body
	case *ast.RangeStmt:
		body = s.Body
	default:
		return nil
	}
	var out []types.Object
	add := func(e ast.Expr) {
		v := code.VarOf(info, e)
		if v == nil || body.Pos() <= v.Pos() && v.Pos() < body.End() {
			return
		}
		if b, ok := v.Type().Underlying().(*types.Basic); ok && b.Info()&types.IsInteger != 0 {
			out = appendNew(out, types.Object(v))
		}
	}
	walkBody(info, stmt, []ast.Node{(*ast.IncDecStmt)(nil), (*ast.AssignStmt)(nil)}, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IncDecStmt:
			add(n.X)
		case *ast.AssignStmt:
			if n.Tok == token.ADD_ASSIGN || n.Tok == token.SUB_ASSIGN {
				add(n.Lhs[0])
			}
		}
		return true
	})
	return out
}

// declaredVerdictCall reports whether call hands the failure (or the attempt
// count) to a declared function or method that answers with an error and may
// say stop; round is the code run anew on every attempt (a loop's body).
func (f *flow) declaredVerdictCall(call *ast.CallExpr, vars, counts []types.Object, round ast.Node) bool {
	fn := code.Callee(f.info, call)
	if fn == nil || code.IsInterfaceMethod(fn) || fn.Pkg() == nil || !answersError(fn) || !receives(f.info, call, vars) && !handsCount(f.info, call, counts) {
		return false
	}
	method := fn.Signature().Recv() != nil
	if method {
		if root, ok := code.MethodRoot(f.info, call, code.ThroughIndex); ok && round.Pos() <= root.Pos() && root.Pos() < round.End() {
			return false // made every round: no count survives
		}
	}
	if fn.Pkg() == f.pass.Pkg {
		return !f.res.noVerdict(f.pass, f.res.funcs.byObj[fn.Origin()])
	}
	if isStdPath(fn.Pkg().Path()) || importObjectFact(f.pass, fn.Origin(), &NoVerdict{}) {
		return false
	}
	return method || f.res.remoteCheck(f.pass).scanned(fn.Pkg())
}

// handsCount reports whether one of call's arguments is one of the counts
// itself.
func handsCount(info *types.Info, call *ast.CallExpr, counts []types.Object) bool {
	for _, a := range call.Args {
		if isOneOf(code.VarOf(info, a), counts) {
			return true
		}
	}
	return false
}

// answersError reports whether fn's last result is an error.
func answersError(fn *types.Func) bool {
	res := fn.Signature().Results()
	return res.Len() > 0 && isErrorType(res.At(res.Len()-1).Type())
}

// exportNoVerdict exports NoVerdict for the package's functions that prove it.
func exportNoVerdict(pass *analysis.Pass, res *Result) {
	if IsExternal(pass) {
		return
	}
	for _, fn := range res.funcs.list {
		if fn.obj != nil && fn.obj.Signature().Params().Len() > 0 && res.noVerdict(pass, fn) {
			exportObjectFact(pass, fn.obj, &NoVerdict{})
		}
	}
}

// noVerdict reports whether a function of the package answers a failure
// with nothing of its own (see above), memoized.
func (r *Result) noVerdict(pass *analysis.Pass, fn *funcNode) bool {
	if fn == nil || fn.obj == nil || fn.body == nil || !answersError(fn.obj) {
		return false
	}
	if v, ok := r.noVerdicts[fn]; ok {
		return v
	}
	if r.noVerdicts == nil {
		r.noVerdicts = make(map[*funcNode]bool)
	}
	v := answersNothing(pass.TypesInfo, fn)
	r.noVerdicts[fn] = v
	return v
}

// answersNothing reports whether every error fn returns is nil, its
// context's, or the failure it was handed, and, when it hands the failure
// back, whether its tests read nothing but errors and contexts.
func answersNothing(info *types.Info, fn *funcNode) bool {
	handed := handedErrors(info, fn)
	at := fn.obj.Signature().Results().Len() - 1
	own, passesBack := false, false
	walkBody(info, fn.body, []ast.Node{(*ast.ReturnStmt)(nil)}, func(n ast.Node) bool {
		ret := n.(*ast.ReturnStmt)
		if len(ret.Results) <= at {
			own = true // named results or another call's results
			return false
		}
		switch e := ast.Unparen(ret.Results[at]); {
		case code.IsNil(info, e) || isContextErr(info, e):
		case isOneOf(code.VarOf(info, e), handed) || wrapsHanded(info, e, handed, fn.obj.Pkg()):
			passesBack = true
		default:
			own = true
		}
		return !own
	})
	return !own && (!passesBack || testsOnlyFailure(info, fn.body))
}

// handedErrors returns fn's parameters of an error type.
func handedErrors(info *types.Info, fn *funcNode) []types.Object {
	var out []types.Object
	for v := range fn.obj.Signature().Params().Variables() {
		if carriesError(v.Type()) {
			out = append(out, v)
		}
	}
	return out
}

// wrapsHanded reports whether e makes an error from a handed one: a literal
// (&WrapError{Err: err}) or a call of a package function of another package
// (fmt.Errorf("...: %w", err), errors.WithStack(err)). A method, or a
// function of the callee's own package, may be another verdict.
func wrapsHanded(info *types.Info, e ast.Expr, handed []types.Object, pkg *types.Package) bool {
	if !mentions(info, e, handed) {
		return false
	}
	lit, fn := makerOf(info, e) // verdict_policy.go
	return lit || fn != nil && fn.Signature().Recv() == nil && fn.Pkg() != pkg
}

// testsOnlyFailure reports whether every test in body (conditions, switch
// tags and cases, range operands, select receives other than a context's end
// or a timer) reads no variable but errors and contexts.
func testsOnlyFailure(info *types.Info, body *ast.BlockStmt) bool {
	kinds := []ast.Node{(*ast.IfStmt)(nil), (*ast.SwitchStmt)(nil), (*ast.CaseClause)(nil), (*ast.ForStmt)(nil), (*ast.RangeStmt)(nil), (*ast.CommClause)(nil)}
	ok := true
	walkBody(info, body, kinds, func(n ast.Node) bool {
		var tests []ast.Expr
		switch n := n.(type) {
		case *ast.IfStmt:
			tests = []ast.Expr{n.Cond}
		case *ast.SwitchStmt:
			tests = []ast.Expr{n.Tag}
		case *ast.CaseClause:
			tests = n.List
		case *ast.ForStmt:
			tests = []ast.Expr{n.Cond}
		case *ast.RangeStmt:
			tests = []ast.Expr{n.X}
		case *ast.CommClause:
			if ch, _ := receivedChan(n.Comm); ch != nil && !endsOrTicks(info, ch) {
				tests = []ast.Expr{ch}
			}
		}
		for _, t := range tests {
			ok = ok && (t == nil || readsOnlyFailure(info, t))
		}
		return ok
	})
	return ok
}

// endsOrTicks reports whether ch is a context's Done channel or a timer's.
func endsOrTicks(info *types.Info, ch ast.Expr) bool {
	if call, ok := ast.Unparen(ch).(*ast.CallExpr); ok {
		fn := code.Callee(info, call)
		return fn != nil && (fn.FullName() == "(context.Context).Done" || fn.FullName() == "time.After" || fn.FullName() == "time.Tick")
	}
	if sel, ok := ast.Unparen(ch).(*ast.SelectorExpr); ok && sel.Sel.Name == "C" {
		_, ok := timeChanKind(info.TypeOf(sel.X))
		return ok
	}
	return false
}

// readsOnlyFailure reports whether e reads no variable but errors and
// contexts: a context value as a whole (w.ctx.Err()), a variable of an error
// type, constants, functions and packages.
func readsOnlyFailure(info *types.Info, e ast.Expr) bool {
	ok := true
	code.Inspect(e, func(n ast.Node) bool {
		if !ok {
			return false
		}
		if x, isExpr := n.(ast.Expr); isExpr && IsContext(info.TypeOf(x)) {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			ok = false
		case *ast.SelectorExpr:
			if _, pkg := info.Uses[identOf(n.X)].(*types.PkgName); !pkg {
				ok = ok && readsOnlyFailure(info, n.X)
			}
			return false
		case *ast.Ident:
			if v, isVar := info.Uses[n].(*types.Var); isVar && !carriesError(v.Type()) {
				ok = false
			}
		}
		return ok
	})
	return ok
}
