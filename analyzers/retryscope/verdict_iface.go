package retryscope

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A verdict method is an interface method returning (bool, error) whose bool
// a retry loop of the interface's own package obeys: the loop calls it,
// directly or through a function of the package that hands its pair on, goes
// round while the bool is one value, leaves on the other, and waits between
// the calls:
//
//	retry, err := s.Send(ctx, m)
//	if err == nil || !retry { return err }
//	wait
//
// As with a verdict wrapper's callback (verdict.go), each implementation says
// itself which failures are tried again, so each implementation is where a
// failure retried alike shows (verdict_impls.go). The declaring package
// exports the VerdictMethod fact on the interface method; every package that
// implements the interface imports it.

// VerdictMethod marks an interface method whose bool result a retry loop of
// its package obeys: the loop goes round while it is AgainWhen.
type VerdictMethod struct {
	AgainWhen bool
	// Loop names the obeying loop: its function and file:line.
	Loop string
	Origin
}

func (*VerdictMethod) AFact() {}

func (f *VerdictMethod) String() string {
	return fmt.Sprintf("verdict obeyed by the retry loop in %s (again when %v)", f.Loop, f.AgainWhen)
}

// findVerdictMethods exports VerdictMethod for the interface methods of the
// package whose verdict loop l obeys. A loop that retries for as long as its
// owner lives is left out, as retryall leaves such a region out.
func (f *flow) findVerdictMethods(l *loop) {
	m, again, ok := f.obeyedMethod(l)
	if !ok || m.Pkg() != f.pass.Pkg || f.res.verdictMethods[m] != nil || len(f.waits(l)) == 0 {
		return
	}
	region := &Region{Kind: LoopRegion, Func: f.fn.node, Bound: f.bound(l)}
	if region.StoppedByOwner() {
		return
	}
	fact := &VerdictMethod{AgainWhen: again, Loop: f.loopName(l)}
	if f.res.verdictMethods == nil {
		f.res.verdictMethods = make(map[*types.Func]*VerdictMethod)
	}
	f.res.verdictMethods[m] = fact
	exportObjectFact(f.pass, m, fact)
}

// loopName is "pkg.Func (file.go:12)", or "pkg (file.go:12)" in a literal
// outside any declaration.
func (f *flow) loopName(l *loop) string {
	name := f.pass.Pkg.Name()
	for fn := f.fn; fn != nil; fn = fn.parent {
		if fn.obj != nil {
			name = code.DisplayName(fn.obj)
			break
		}
	}
	p := f.pass.Fset.Position(l.pos)
	return fmt.Sprintf("%s (%s:%d)", name, filepath.Base(p.Filename), p.Line)
}

// obeyedMethod finds, in the loop's own body (not in nested loops or
// literals), `v, err := call` where call gives the pair of an interface
// verdict method, followed by a test of v that leaves the loop, such that the
// loop goes round on the other value of v after a failure: nothing between
// the call and the test leaves, and nothing after the test leaves always or
// on err. The test may stand in the error branch of a nil test of err
// (`if err != nil { if !retry { return err } }`).
func (f *flow) obeyedMethod(l *loop) (m *types.Func, again, ok bool) {
	body, isBlock := loopBody(l.stmt).(*ast.BlockStmt)
	if !isBlock {
		return nil, false, false
	}
	var found bool
	walkStmtLists(body, func(list []ast.Stmt, after func() bool) bool {
		for i, s := range list {
			as, isAssign := s.(*ast.AssignStmt)
			if !isAssign || len(as.Lhs) != 2 || len(as.Rhs) != 1 {
				continue
			}
			call, isCall := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
			if !isCall {
				continue
			}
			method := f.verdictSource(call)
			v, failure := code.Root(f.info, as.Lhs[0], 0), code.Root(f.info, as.Lhs[1], 0)
			if method == nil || v == nil || failure == nil {
				continue
			}
			if a, tested := f.obeys(list[i+1:], v, failure); tested && !after() {
				m, again, found = method, a, true
				return false
			}
		}
		return true
	})
	return m, again, found
}

// obeys looks for the verdict test in the statements after the call.
func (f *flow) obeys(rest []ast.Stmt, v, failure types.Object) (again, ok bool) {
	for j, s := range rest {
		if a, isTest := f.verdictOrSuccess(s, v, failure); isTest {
			return a, f.goesRoundAfter(rest[:j], rest, s, failure)
		}
		branch := f.errorBranch(s, failure)
		if branch == nil {
			continue
		}
		for k, t := range branch.List {
			if a, isTest := f.verdictTest(t, v); isTest {
				return a, f.goesRoundAfter(rest[:j], rest, s, failure) && f.goesRoundAfter(branch.List[:k], branch.List, t, failure)
			}
		}
		return false, false
	}
	return false, false
}

// verdictOrSuccess is verdictTest where the condition may also leave on
// success: `if err == nil || !v { leave }`.
func (f *flow) verdictOrSuccess(s ast.Stmt, v, failure types.Object) (again, ok bool) {
	if a, isTest := f.verdictTest(s, v); isTest {
		return a, true
	}
	ifs, isIf := s.(*ast.IfStmt)
	if !isIf || ifs.Init != nil || ifs.Else != nil || len(ifs.Body.List) == 0 || !leaves(ifs.Body.List[len(ifs.Body.List)-1]) {
		return false, false
	}
	b, isOr := ast.Unparen(ifs.Cond).(*ast.BinaryExpr)
	if !isOr || b.Op != token.LOR {
		return false, false
	}
	for _, pair := range [][2]ast.Expr{{b.X, b.Y}, {b.Y, b.X}} {
		onError, isNilTest := errNilTest(f.info, pair[0])
		tested, _, _ := simpleTest(f.info, ast.Unparen(pair[0]))
		if !isNilTest || onError || code.Root(f.info, tested, 0) != failure {
			continue
		}
		test := &ast.IfStmt{If: ifs.If, Cond: pair[1], Body: ifs.Body}
		return f.verdictTest(test, v)
	}
	return false, false
}

// goesRoundAfter reports whether, in list, the statements before s never
// leave and those after s neither leave always nor on the failure.
func (f *flow) goesRoundAfter(before, list []ast.Stmt, s ast.Stmt, failure types.Object) bool {
	var after []ast.Stmt
	for i, t := range list {
		if t == s {
			after = list[i+1:]
		}
	}
	return !code.MayLeave(f.info, before...) && !leavesAfter(list, s) && !f.leavesOnError(withoutStops(after), failure)
}

// withoutStops returns the statements with each select replaced by the
// bodies of its clauses that receive nothing: a clause that receives is
// the wait's stop (`case <-ctx.Done(): return err`), which bounds the
// retrying and decides nothing about the failure.
func withoutStops(stmts []ast.Stmt) []ast.Stmt {
	var out []ast.Stmt
	for _, s := range stmts {
		sel, ok := s.(*ast.SelectStmt)
		if !ok {
			out = append(out, s)
			continue
		}
		for _, c := range sel.Body.List {
			cc := c.(*ast.CommClause)
			if ch, _ := receivedChan(cc.Comm); ch == nil {
				out = append(out, cc.Body...)
			}
		}
	}
	return out
}

// errorBranch returns the branch of `if err != nil` (or the else of `if err
// == nil`) that runs on the failure, or nil.
func (f *flow) errorBranch(s ast.Stmt, failure types.Object) *ast.BlockStmt {
	ifs, ok := s.(*ast.IfStmt)
	if !ok || ifs.Init != nil {
		return nil
	}
	onError, isNilTest := errNilTest(f.info, ifs.Cond)
	tested, _, _ := simpleTest(f.info, ast.Unparen(ifs.Cond))
	if !isNilTest || code.Root(f.info, tested, 0) != failure {
		return nil
	}
	if onError {
		return ifs.Body
	}
	els, _ := ifs.Else.(*ast.BlockStmt)
	return els
}

// verdictSource returns the interface verdict method whose pair a call gives:
// the method itself, or one that a function of this package hands on.
func (f *flow) verdictSource(call *ast.CallExpr) *types.Func {
	fn := code.Callee(f.info, call)
	if fn == nil {
		return nil
	}
	if isVerdictMethod(fn) {
		return fn
	}
	if decl := f.res.funcs.byObj[fn.Origin()]; decl != nil {
		return forwardedVerdict(f.info, decl)
	}
	return nil
}

// isVerdictMethod reports whether fn is a method of an interface returning
// (bool, error).
func isVerdictMethod(fn *types.Func) bool {
	return code.IsInterfaceMethod(fn) && isVerdictSignature(fn.Type()) && !inProcessInterface(fn)
}

// forwardedVerdict returns the interface verdict method a function hands on
// unchanged: its only such call is `return m(...)` or `a, b := m(...)` (or =)
// and every return gives back a and b (a bare return when they are its named
// results); nil otherwise.
func forwardedVerdict(info *types.Info, fn *funcNode) *types.Func {
	if fn.body == nil || fn.obj == nil || !isVerdictSignature(fn.obj.Type()) {
		return nil
	}
	var method *types.Func
	var pair [2]types.Object
	calls, returnsOK := 0, true
	walkBody(info, fn.body, []ast.Node{(*ast.CallExpr)(nil), (*ast.ReturnStmt)(nil)}, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if m := code.Callee(info, call); m != nil && isVerdictMethod(m) {
				method, calls = m, calls+1
			}
		}
		return true
	})
	if calls != 1 {
		return nil
	}
	walkBody(info, fn.body, []ast.Node{(*ast.AssignStmt)(nil)}, func(n ast.Node) bool {
		as := n.(*ast.AssignStmt)
		if len(as.Lhs) == 2 && len(as.Rhs) == 1 && calleeIs(info, as.Rhs[0], method) {
			pair = [2]types.Object{code.Root(info, as.Lhs[0], 0), code.Root(info, as.Lhs[1], 0)}
		}
		return true
	})
	results := fn.obj.Type().(*types.Signature).Results()
	walkBody(info, fn.body, []ast.Node{(*ast.ReturnStmt)(nil)}, func(n ast.Node) bool {
		ret := n.(*ast.ReturnStmt)
		switch {
		case len(ret.Results) == 1 && calleeIs(info, ret.Results[0], method):
		case len(ret.Results) == 2 && pair[0] != nil && code.Root(info, ret.Results[0], 0) == pair[0] && code.Root(info, ret.Results[1], 0) == pair[1]:
		case len(ret.Results) == 0 && pair[0] == types.Object(results.At(0)) && pair[1] == types.Object(results.At(1)):
		default:
			returnsOK = false
		}
		return true
	})
	if !returnsOK {
		return nil
	}
	return method
}

func calleeIs(info *types.Info, e ast.Expr, fn *types.Func) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	return ok && code.Callee(info, call) == fn
}

// walkStmtLists visits the statement lists of a loop body, outside nested
// loops and function literals; after reports whether a statement after the
// list's own, in an enclosing list up to the body, leaves the loop (the
// verdict would then not decide). visit returns false to stop.
func walkStmtLists(body *ast.BlockStmt, visit func(list []ast.Stmt, after func() bool) bool) {
	var walk func(list []ast.Stmt, outer []func() bool) bool
	walk = func(list []ast.Stmt, outer []func() bool) bool {
		after := func() bool {
			for _, o := range outer {
				if o() {
					return true
				}
			}
			return false
		}
		if !visit(list, after) {
			return false
		}
		for _, s := range list {
			here := func() bool { return leavesAfter(list, s) }
			for _, inner := range nestedLists(s) {
				if !walk(inner, append(append([]func() bool{}, outer...), here)) {
					return false
				}
			}
		}
		return true
	}
	walk(body.List, nil)
}

// nestedLists returns the statement lists directly inside a statement that is
// neither a loop nor a function literal.
func nestedLists(s ast.Stmt) [][]ast.Stmt {
	switch s := s.(type) {
	case *ast.BlockStmt:
		return [][]ast.Stmt{s.List}
	case *ast.IfStmt:
		out := [][]ast.Stmt{s.Body.List}
		if s.Else != nil {
			out = append(out, nestedLists(s.Else)...)
		}
		return out
	case *ast.SelectStmt:
		var out [][]ast.Stmt
		for _, c := range s.Body.List {
			out = append(out, c.(*ast.CommClause).Body)
		}
		return out
	case *ast.SwitchStmt:
		return caseLists(s.Body)
	case *ast.TypeSwitchStmt:
		return caseLists(s.Body)
	case *ast.LabeledStmt:
		return nestedLists(s.Stmt)
	}
	return nil
}

func caseLists(body *ast.BlockStmt) [][]ast.Stmt {
	var out [][]ast.Stmt
	for _, c := range body.List {
		out = append(out, c.(*ast.CaseClause).Body)
	}
	return out
}
