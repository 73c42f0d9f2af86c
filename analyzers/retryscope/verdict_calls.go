package retryscope

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// At a call of a verdict wrapper (verdict.go) the callback's returns are the
// failure path: each `return verdict, err` either goes round again or stops.
// A return whose error is nil ends no failure and says nothing. Of the others:
//   - one that goes round (the verdict is the wrapper's "again" value, or
//     `err != nil` read that way) shows the call to be a retry; without one
//     the call is a poll (`if err != nil { return false, err }; return
//     !ready, nil` goes round only on success) or out of reach, and no
//     region is made;
//   - one under a condition that tells errors apart (errors.Is, a classifier,
//     a verdict computed from the error) classifies, as anything the generic
//     callback classification finds does;
//   - one whose going round depends on something else (`err != nil && i < 5`,
//     `if n < max { return true, err }`), or that stops on an error without
//     telling errors apart (a count of its own), bounds the retrying; a stop
//     under a condition that is neither may be either, and counts as both;
//   - a verdict the engine cannot read (a call, a variable) may do anything:
//     it classifies and bounds (so does a policy handed the failure on a
//     hand-written retry's failure path: verdict_policy.go).
//   - an error the callback makes itself, in a local variable given a value
//     only where the attempt's call succeeded (`if err != nil { done = nil }
//     else { done = errors.New("still there") }`), is a "not yet": the
//     callback polls, and such a return retries no failure.

// verdictJudgement is what a callback's returns say about its call.
type verdictJudgement struct {
	retries    bool
	classifies ast.Node
	bounds     ast.Node
	// notYet are the callback's error variables that only ever say "not
	// yet" (notYetErrors).
	notYet map[types.Object]bool
	// local, when set, reports whether the conditions a return is reached
	// under, besides nil tests of errors, rest only on what stays in the
	// process (verdict_impls.go): a stop under such conditions gives up on a
	// local failure, and tells no failure of the attempt apart.
	local func(stack []ast.Node) bool
}

// judgeVerdict reads a callback body of a verdict wrapper whose loop goes
// round while the verdict is again; ok is false when a return is out of reach
// (a bare return of named results).
func judgeVerdict(info *types.Info, body *ast.BlockStmt, params []*types.Var, again bool) (j verdictJudgement, ok bool) {
	return judgeVerdictWith(info, body, params, again, nil)
}

// judgeVerdictWith is judgeVerdict that knows which conditions are local.
func judgeVerdictWith(info *types.Info, body *ast.BlockStmt, params []*types.Var, again bool, local func([]ast.Node) bool) (j verdictJudgement, ok bool) {
	ok = true
	j.local = local
	j.notYet = notYetErrors(info, body)
	code.WalkStack(body, func(n ast.Node, stack []ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(n.Results) != 2 {
				ok = false
				return false
			}
			j.add(info, n, stack[:len(stack)-1], params, again)
		}
		return ok
	})
	return j, ok
}

// condition is a condition a return is reached under: cond is holds.
type condition struct {
	cond  ast.Expr
	holds bool
}

// add reads one return, under the statements of stack.
func (j *verdictJudgement) add(info *types.Info, ret *ast.ReturnStmt, stack []ast.Node, params []*types.Var, again bool) {
	guards, opaque := guardsOf(stack)
	if errIsNil(info, ret.Results[1], guards) {
		return
	}
	if id := identOf(ret.Results[1]); id != nil && j.notYet[info.Uses[id]] {
		return
	}
	var classifies, other bool
	for _, g := range guards {
		c, o := atoms(info, g.cond)
		classifies, other = classifies || c, other || o
	}
	other = other || opaque
	if classifies {
		j.mark(&j.classifies, ret)
	}
	switch verdictOnFailure(info, ret.Results[0], params, again) {
	case goesRound:
		j.retries = true
		if other {
			j.mark(&j.bounds, ret)
		}
	case goesRoundIf:
		j.retries = true
		j.mark(&j.bounds, ret)
	case stops:
		if !classifies {
			j.mark(&j.bounds, ret)
		}
		if other && (j.local == nil || !j.local(stack)) {
			j.mark(&j.classifies, ret)
		}
	default:
		j.mark(&j.classifies, ret)
		j.mark(&j.bounds, ret)
	}
}

func (j *verdictJudgement) mark(at *ast.Node, ret *ast.ReturnStmt) {
	if *at == nil {
		*at = ret
	}
}

// guardsOf returns the if-conditions a node under stack is reached under;
// opaque is true when another statement that decides (a loop, a switch, a
// select) stands between.
func guardsOf(stack []ast.Node) (guards []condition, opaque bool) {
	for i := 1; i < len(stack); i++ {
		switch s := stack[i-1].(type) {
		case *ast.IfStmt:
			if stack[i] == s.Body {
				guards = append(guards, condition{s.Cond, true})
			} else if stack[i] == s.Else {
				guards = append(guards, condition{s.Cond, false})
			}
		case *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
			opaque = true
		}
	}
	return guards, opaque
}

// atoms splits a condition at &&, || and ! and says whether a part tells
// errors apart (mentions an error other than in a nil test) and whether a
// part is about something else.
func atoms(info *types.Info, e ast.Expr) (classifies, other bool) {
	e = ast.Unparen(e)
	switch x := e.(type) {
	case *ast.UnaryExpr:
		if x.Op == token.NOT {
			return atoms(info, x.X)
		}
	case *ast.BinaryExpr:
		if x.Op == token.LAND || x.Op == token.LOR {
			c1, o1 := atoms(info, x.X)
			c2, o2 := atoms(info, x.Y)
			return c1 || c2, o1 || o2
		}
	}
	if _, ok := errNilTest(info, e); ok {
		return false, false
	}
	if mentionsError(info, e) {
		return true, false
	}
	return false, true
}

// errNilTest recognises `x != nil` / `x == nil` for an error x: the value the
// test has when x is not nil.
func errNilTest(info *types.Info, e ast.Expr) (onError bool, ok bool) {
	tested, failWhenTrue, ok := simpleTest(info, ast.Unparen(e))
	if !ok || !isErrorType(info.TypeOf(tested)) {
		return false, false
	}
	return failWhenTrue, true
}

// mentionsError reports whether an expression reads a value of an error type.
func mentionsError(info *types.Info, e ast.Expr) bool {
	found := false
	code.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && !found {
			if v, isVar := info.Uses[id].(*types.Var); isVar && isErrorType(v.Type()) {
				found = true
			}
		}
		return !found
	})
	return found
}

// errIsNil reports whether a returned error is nil: the literal, or a
// variable under `if err == nil` (or in the else of `if err != nil`).
func errIsNil(info *types.Info, e ast.Expr, guards []condition) bool {
	if code.IsNil(info, e) {
		return true
	}
	id := identOf(e)
	if id == nil {
		return false
	}
	v := info.Uses[id]
	for _, g := range guards {
		for _, part := range conjuncts(g.cond, g.holds) {
			onError, ok := errNilTest(info, part.cond)
			tested, _, _ := simpleTest(info, ast.Unparen(part.cond))
			if ok && onError != part.holds && code.Root(info, tested, 0) == v && v != nil {
				return true
			}
		}
	}
	return false
}

// conjuncts returns the parts of a condition that all hold (or all fail)
// when the whole does: the operands of && when it holds, of || when not.
func conjuncts(e ast.Expr, holds bool) []condition {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.NOT {
		return conjuncts(u.X, !holds)
	}
	if b, ok := e.(*ast.BinaryExpr); ok && ((holds && b.Op == token.LAND) || (!holds && b.Op == token.LOR)) {
		return append(conjuncts(b.X, holds), conjuncts(b.Y, holds)...)
	}
	return []condition{{e, holds}}
}

// verdictKind is what a returned verdict does after a failure.
type verdictKind int

const (
	unreadable  verdictKind = iota
	goesRound               // always tries again
	goesRoundIf             // tries again while something else holds (a limit)
	stops                   // gives up
)

// verdictOnFailure reads a returned verdict, given that the error beside it
// is not nil: a constant, `err != nil` (or == nil), or `err != nil && limit`
// where the limit does not read an error.
func verdictOnFailure(info *types.Info, v ast.Expr, params []*types.Var, again bool) verdictKind {
	if tv, ok := info.Types[v]; ok && tv.Value != nil && tv.Value.Kind() == constant.Bool {
		if constant.BoolVal(tv.Value) == again {
			return goesRound
		}
		return stops
	}
	if onError, ok := errNilTest(info, v); ok {
		if onError == again {
			return goesRound
		}
		return stops
	}
	if again && attemptLimit(info, v, params) {
		return goesRoundIf
	}
	b, ok := ast.Unparen(v).(*ast.BinaryExpr)
	if !ok || b.Op != token.LAND || !again || mentionsError(info, b.Y) {
		return unreadable
	}
	if onError, ok := errNilTest(info, b.X); ok && onError {
		return goesRoundIf
	}
	return unreadable
}

// callVerdict judges the callback of a verdict wrapper's call: ok is false
// when the call is not shown to retry a failure (a poll, a callback out of
// reach), and then it makes no region. A call of another helper has no
// judgement (nil, true).
func callVerdict(info *types.Info, res *Result, h *HelperCall) (*verdictJudgement, bool) {
	again, isVerdict := h.verdict()
	if !isVerdict {
		return nil, true
	}
	cb := res.funcs.of(info, h.Callback)
	if cb == nil || cb.body == nil || !isVerdictSignature(info.TypeOf(h.Callback)) {
		return nil, false
	}
	j, ok := judgeVerdict(info, cb.body, cb.params(info), again)
	if !ok || !j.retries {
		return nil, false
	}
	return &j, true
}

// verdict says whether the helper goes round on its callback's verdict, and
// on which value: a verdict wrapper's, or a library's that goes round on true.
func (h *HelperCall) verdict() (again, ok bool) {
	if h.Wrapper != nil {
		return h.Wrapper.AgainWhen, h.Wrapper.Verdict
	}
	if l := h.library(); l != nil && l.verdict {
		return true, true
	}
	return false, false
}

// apply sets what the callback decides on the call's region: its
// classification, and its bound in place of the wrapper's absent one.
func (j *verdictJudgement) apply(r *Region) {
	if r.Classification == nil {
		r.Classification = j.classifies
	}
	if j.bounds != nil && r.Bound.Counter == nil {
		r.Bound.Counter, r.Bound.Unbounded = j.bounds, nil
	}
}

// attemptLimit reports whether a verdict compares the callback's attempt
// number, one of its integer parameters, with a limit
// (try.Do(func(attempt int) (bool, error) { ...; return attempt < max, err })):
// it goes round on every failure until the count runs out. A comparison of
// anything else (a status code) may tell failures apart.
func attemptLimit(info *types.Info, v ast.Expr, params []*types.Var) bool {
	b, ok := ast.Unparen(v).(*ast.BinaryExpr)
	if !ok || mentionsError(info, b) {
		return false
	}
	switch b.Op {
	case token.LSS, token.LEQ, token.GTR, token.GEQ:
	default:
		return false
	}
	isParam := func(e ast.Expr) bool {
		p := code.VarOf(info, e)
		if p == nil || !slices.Contains(params, p) {
			return false
		}
		basic, ok := p.Type().Underlying().(*types.Basic)
		return ok && basic.Info()&types.IsInteger != 0
	}
	return isParam(b.X) || isParam(b.Y)
}

// notYetErrors returns the error variables declared in a callback body whose
// every non-nil value is given under a test that another error is nil: the
// call they stand for succeeded, and the callback reports a state it waits
// for, not a failure.
func notYetErrors(info *types.Info, body *ast.BlockStmt) map[types.Object]bool {
	out := map[types.Object]bool{}
	failure := map[types.Object]bool{}
	code.WalkStack(body, func(n ast.Node, stack []ast.Node) bool {
		if _, isLit := n.(*ast.FuncLit); isLit {
			return false
		}
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != len(as.Rhs) {
			return true
		}
		for i, lhs := range as.Lhs {
			v := code.VarOf(info, lhs)
			if v == nil || !isErrorType(v.Type()) || v.Pos() < body.Pos() || v.Pos() >= body.End() {
				continue
			}
			if code.IsNil(info, as.Rhs[i]) {
				out[v] = out[v] || !failure[v]
				continue
			}
			guards, _ := guardsOf(stack)
			if !otherErrorNil(info, guards, v) {
				failure[v] = true
			}
			out[v] = !failure[v]
		}
		return true
	})
	for v := range failure {
		delete(out, v)
	}
	return out
}

// otherErrorNil reports whether the guards hold only when an error other
// than v is nil.
func otherErrorNil(info *types.Info, guards []condition, v types.Object) bool {
	for _, g := range guards {
		for _, part := range conjuncts(g.cond, g.holds) {
			onError, ok := errNilTest(info, part.cond)
			if !ok || onError == part.holds {
				continue
			}
			tested, _, _ := simpleTest(info, ast.Unparen(part.cond))
			if r := code.Root(info, tested, 0); r != nil && r != v {
				return true
			}
		}
	}
	return false
}
