package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A counting verdict method. A loop whose counter runs up from a constant
// (for tries := 1; ; tries++, nothing else assigning tries) and that goes
// round only while a method of its package says so, asked in an if that
// leaves the loop (if err == nil || !c.retry.again(tries) { return err }),
// where the method answers tries <= p.n (or <) for a field of its receiver
// that the package sets only to constants (&policy{n: 3}), goes round at most
// as often as the largest of those constants lets the counter through: the
// count is the package's, wherever the policy is stored. A field the package
// leaves open (exported, set from a parameter or a configuration), a method
// of an interface, or a body that does more than that one comparison bounds
// nothing here.

// policyRounds returns such a ceiling on a loop region's rounds.
func (res *Result) policyRounds(r *Region) (int, bool) {
	fs, ok := r.Loop.(*ast.ForStmt)
	if r.Kind != LoopRegion || !ok || fs.Init == nil || fs.Post == nil || res.funcs == nil {
		return 0, false
	}
	best, found := 0, false
	for _, s := range fs.Body.List {
		ifs, ok := s.(*ast.IfStmt)
		if !ok || ifs.Else != nil || len(ifs.Body.List) == 0 || !leaves(ifs.Body.List[len(ifs.Body.List)-1]) {
			continue
		}
		for _, part := range conjuncts(ifs.Cond, false) { // what holds whenever the loop goes on
			call, ok := ast.Unparen(part.cond).(*ast.CallExpr)
			if !ok || !part.holds {
				continue
			}
			if n, ok := res.countingVerdict(fs, call); ok && (!found || n < best) {
				best, found = n, true
			}
		}
	}
	return best, found
}

// countingVerdict reads a call of a method that answers counter <= recv.field
// (or <), handed the loop's counter: the rounds it lets through.
func (res *Result) countingVerdict(fs *ast.ForStmt, call *ast.CallExpr) (int, bool) {
	fn := code.Callee(res.info, call)
	if fn == nil || code.IsInterfaceMethod(fn) || fn.Signature().Recv() == nil {
		return 0, false
	}
	m := res.funcs.byObj[fn.Origin()]
	if m == nil || m.body == nil || len(m.body.List) != 1 {
		return 0, false
	}
	ret, ok := m.body.List[0].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return 0, false
	}
	cmp, ok := ast.Unparen(ret.Results[0]).(*ast.BinaryExpr)
	if !ok {
		return 0, false
	}
	x, y, op := code.Ordered(cmp, false)
	if op != token.LSS && op != token.LEQ {
		return 0, false
	}
	i := code.ParamIndex(m.params(res.info), code.VarOf(res.info, x))
	limit, ok := res.receiverConstant(fn, y)
	if i < 0 || i >= len(call.Args) || call.Ellipsis.IsValid() || !ok {
		return 0, false
	}
	v := code.VarOf(res.info, call.Args[i])
	first, starts := startValue(res.info, fs.Init, v)
	if v == nil || !starts || !countsUp(res.info, fs.Post, v) {
		return 0, false
	}
	for _, d := range code.DefsIn(res.info, fs.Body.Pos(), fs.Body.End()) {
		if d.Var == v {
			return 0, false
		}
	}
	if op == token.LSS {
		limit--
	}
	return int(max(limit-first+1, 1)), true
}

// receiverConstant reads recv.field in a method of fn's receiver where the
// package gives the field only integer constants: the largest (0 when none
// sets it).
func (res *Result) receiverConstant(fn *types.Func, e ast.Expr) (int64, bool) {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return 0, false
	}
	recv, ok := ast.Unparen(sel.X).(*ast.Ident)
	field, isVar := res.info.Uses[sel.Sel].(*types.Var)
	if !ok || !isVar || !field.IsField() || res.info.Uses[recv] != types.Object(fn.Signature().Recv()) {
		return 0, false
	}
	vals, ok := code.AllValues(res.info, field)
	if !ok {
		return 0, false
	}
	var most int64
	for _, v := range vals {
		n, isConst := code.Int(res.info, v)
		if !isConst || n > 1<<30 {
			return 0, false
		}
		most = max(most, n)
	}
	return most, true
}
