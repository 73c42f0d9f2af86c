package retryscope

import (
	"go/ast"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A method may choose its target from a field of its receiver (url :=
// h.cached, falling back to h.endpoint) and, on the way to calling itself,
// call a method of the receiver that writes that field (h.setCached("")):
// the next call reads another target, a failover like a loop over replicas.
// The written field must reach the attempt's arguments: a setter that
// re-makes the client the attempt is called on (h.client = ...) sends the
// same request again. The setter is followed one level: its own assignments
// to its receiver's fields.

// movesTarget reports whether every way to the self-call passes a setter of
// a field the attempts take their input from.
func (f *flow) movesTarget(call *ast.CallExpr, attempts []*ast.CallExpr) bool {
	recv := receiverOf(f.fn)
	if recv == nil {
		return false
	}
	read := f.fieldsFeeding(recv, attempts)
	if len(read) == 0 {
		return false
	}
	return f.passedOnEveryWay(call, func(n ast.Node) bool {
		found := false
		code.Inspect(n, func(m ast.Node) bool {
			if _, ok := m.(*ast.FuncLit); ok {
				return false
			}
			if c, ok := m.(*ast.CallExpr); ok && f.setsOneOf(c, recv, read) {
				found = true
			}
			return !found
		})
		return found
	})
}

// fieldsFeeding returns the fields of recv that the attempts' arguments read,
// directly or through variables derived from them in the function.
func (f *flow) fieldsFeeding(recv *types.Var, attempts []*ast.CallExpr) []types.Object {
	whole := &loop{stmt: f.fn.body, pos: f.fn.body.Pos(), end: f.fn.body.End()}
	var out []types.Object
	for obj, rhss := range f.assignsIn(whole) {
		for _, rhs := range rhss {
			for _, field := range fieldsRead(f.info, rhs, recv) {
				if f.attemptsRead(attempts, obj) {
					out = appendNew(out, field)
				}
			}
		}
	}
	for _, call := range attempts {
		for _, a := range call.Args {
			out = appendNew(out, fieldsRead(f.info, a, recv)...)
		}
	}
	return out
}

// fieldsRead returns the fields of recv that e selects (recv.f).
func fieldsRead(info *types.Info, e ast.Expr, recv *types.Var) []types.Object {
	var out []types.Object
	if e == nil {
		return nil
	}
	code.Inspect(e, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if s := info.Selections[sel]; s != nil && s.Kind() == types.FieldVal && identOf(sel.X) != nil && info.Uses[identOf(sel.X)] == recv {
				out = appendNew(out, s.Obj())
			}
		}
		return true
	})
	return out
}

// setsOneOf reports whether call is a method of this package called on recv
// whose body assigns one of the fields to its own receiver.
func (f *flow) setsOneOf(call *ast.CallExpr, recv *types.Var, fields []types.Object) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || identOf(sel.X) == nil || f.info.Uses[identOf(sel.X)] != recv {
		return false
	}
	fn := code.Callee(f.info, call)
	if fn == nil || fn == f.fn.obj {
		return false
	}
	node := f.res.funcs.byObj[fn.Origin()]
	if node == nil || node.body == nil {
		return false
	}
	own := receiverOf(node)
	if own == nil {
		return false
	}
	found := false
	for _, d := range code.DefsIn(f.info, node.body.Pos(), node.body.End()) {
		s, ok := ast.Unparen(d.Lhs).(*ast.SelectorExpr)
		if !ok || d.Func != node.node || identOf(s.X) == nil || f.info.Uses[identOf(s.X)] != own {
			continue
		}
		if sl := f.info.Selections[s]; sl != nil && slices.Contains(fields, sl.Obj()) {
			found = true
		}
	}
	return found
}
