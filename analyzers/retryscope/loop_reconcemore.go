package retryscope

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/cfg"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A recursion runs at most twice when every self-call that retries leaves
// behind a value under which no such call is reached again:
//
//   - a constant handed for a parameter the guards test (verify(key, false)
//     under `if denied && again`), the parameter never set otherwise;
//   - a constant the way to the call stores in what the guard tests, kept
//     for the next call: an element or field of a parameter or receiver
//     handed on as it is, or a package variable (opts["tls"] = "off" under
//     `opts["tls"] == ""`, c.plain = true under `!c.plain`), with no write
//     of another value ahead of the guard under that constant. A deferred
//     write runs after the next call has returned.
//
// Such a bound is a "once more", like a flag loop's.
//
// Several self-calls may each have a flag of their own (a fallback to an
// old API version per API group): each stores a constant, kept for the next
// call, that keeps that self-call from being reached again, and nothing in
// the function writes another value. Stored state only goes one way, so each
// self-call runs at most once along a chain: at most one more call per
// self-call. A parameter's constant is no such bound: another self-call may
// hand the parameter its other value.

// onceMoreBound returns what limits the recursion through calls, and the
// most calls it allows in all (2 for one more); nil when nothing does.
func (f *flow) onceMoreBound(calls []*ast.CallExpr) (ast.Node, int) {
	if b := f.falsifiedForAll(calls); b != nil {
		return b, 2
	}
	var bound ast.Node
	for _, call := range calls {
		b := f.storedFalsifier(call, f.blocksOf([]*ast.CallExpr{call}))
		if b == nil {
			return nil, 0
		}
		if bound == nil {
			bound = b
		}
	}
	return bound, len(calls) + 1
}

// falsifiedForAll returns what keeps every self-call from being reached on
// the next call, for every self-call, or nil.
func (f *flow) falsifiedForAll(calls []*ast.CallExpr) ast.Node {
	at := f.blocksOf(calls)
	var bound ast.Node
	for _, call := range calls {
		b := f.constantFlag(call, at)
		if b == nil {
			b = f.storedFalsifier(call, at)
		}
		if b == nil {
			return nil
		}
		if bound == nil {
			bound = b
		}
	}
	return bound
}

// constantFlag returns the argument of call that hands a parameter a
// constant under which no block of at is reached, or nil.
func (f *flow) constantFlag(call *ast.CallExpr, at map[*cfg.Block]bool) ast.Node {
	params := f.fn.params(f.info)
	for i, a := range call.Args {
		if i >= len(params) || params[i] == nil {
			continue
		}
		v := f.info.Types[a].Value
		if v == nil || !f.onlyAssigned(params[i], v) {
			continue
		}
		if !f.reachableWhere(at, f.usesOf(params[i]), v) {
			return a
		}
	}
	return nil
}

// storedFalsifier returns the assignment of a constant, passed on every way
// to call, that keeps every block of at from being reached on the next call,
// or nil.
func (f *flow) storedFalsifier(call *ast.CallExpr, at map[*cfg.Block]bool) ast.Node {
	var found ast.Node
	code.Inspect(f.fn.body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok || found != nil {
			return false
		}
		x, v := f.constantStore(n)
		if x == nil || n.Pos() > call.Pos() || !f.keptForNextCall(x, call) || !f.passedOnEveryWay(call, func(m ast.Node) bool { return m == n }) {
			return true
		}
		targets := f.otherWrites(x, v)
		for b := range at {
			targets[b] = true
		}
		if !f.reachableWhere(targets, f.readsOf(x), v) {
			found = n
		}
		return true
	})
	return found
}

// constantStore returns what a statement stores a constant in, and the
// constant: x = c, or x.Store(c) of a sync/atomic value; else nil.
func (f *flow) constantStore(n ast.Node) (ast.Expr, constant.Value) {
	as, ok := n.(*ast.AssignStmt)
	if !ok {
		return f.atomicStore(n) // loop_reconcemore_atomic.go
	}
	if as.Tok != token.ASSIGN || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return nil, nil
	}
	v := f.info.Types[as.Rhs[0]].Value
	if v == nil {
		return nil, nil
	}
	return as.Lhs[0], v
}

// sameConst reports whether w is a constant equal to v.
func sameConst(w, v constant.Value) bool {
	return w != nil && comparableConsts(w, v, token.EQL) && constant.Compare(w, token.EQL, v)
}

// keptForNextCall reports whether what x names is what the next call sees:
// x is rooted in a package variable, or in a parameter or the receiver that
// call hands on as it is. A local variable is made anew on every call.
func (f *flow) keptForNextCall(x ast.Expr, call *ast.CallExpr) bool {
	id := rootIdent(x)
	if id == nil {
		return false
	}
	v, ok := f.info.Uses[id].(*types.Var)
	switch {
	case !ok:
		return false
	case v.Parent() == f.pass.Pkg.Scope():
		return true
	case v == receiverOf(f.fn):
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		return ok && f.isVar(sel.X, v)
	}
	i := code.ParamIndex(f.fn.params(f.info), v)
	return i >= 0 && i < len(call.Args) && f.isVar(call.Args[i], v)
}

// rootIdent returns the variable an operand (v, v.f, v[k], nested) starts
// from, or nil.
func rootIdent(x ast.Expr) *ast.Ident {
	for {
		switch e := ast.Unparen(x).(type) {
		case *ast.Ident:
			return e
		case *ast.SelectorExpr:
			x = e.X
		case *ast.IndexExpr:
			x = e.X
		default:
			return nil
		}
	}
}

// readsOf matches the reads of x: x itself, and a local set once from it
// (if mode := opts["tls"]; mode == "on").
func (f *flow) readsOf(x ast.Expr) operandTest {
	return func(e ast.Expr) bool {
		if f.sameOperand(e, x) || f.atomicLoads(e, x) {
			return true
		}
		id := identOf(e)
		if id == nil || f.info.Uses[id] == nil {
			return false
		}
		d, ok := code.SoleDef(f.info, f.info.Uses[id])
		return ok && d.Value != nil && f.sameOperand(d.Value, x)
	}
}

// otherWrites returns the blocks that write x, or what holds it, other than
// with the constant v: an assignment, x++, delete of the element. A deferred
// write is not counted: it runs once the call has returned.
func (f *flow) otherWrites(x ast.Expr, v constant.Value) map[*cfg.Block]bool {
	out := map[*cfg.Block]bool{}
	for _, b := range f.g.Blocks {
		for _, n := range b.Nodes {
			if _, ok := n.(*ast.DeferStmt); ok {
				continue
			}
			code.Inspect(n, func(m ast.Node) bool {
				if _, ok := m.(*ast.FuncLit); ok {
					return false
				}
				if f.writesOtherThan(m, x, v) {
					out[b] = true
				}
				return true
			})
		}
	}
	return out
}

func (f *flow) writesOtherThan(n ast.Node, x ast.Expr, v constant.Value) bool {
	switch n := n.(type) {
	case *ast.IncDecStmt:
		return f.holdsOperand(n.X, x)
	case *ast.AssignStmt:
		for i, l := range n.Lhs {
			if !f.holdsOperand(l, x) {
				continue
			}
			if n.Tok != token.ASSIGN || len(n.Lhs) != len(n.Rhs) || !f.sameOperand(l, x) {
				return true
			}
			if !sameConst(f.info.Types[n.Rhs[i]].Value, v) {
				return true
			}
		}
	case *ast.CallExpr:
		if f.atomicWritesOtherThan(n, x, v) {
			return true
		}
		if b, ok := f.info.Uses[identOf(n.Fun)].(*types.Builtin); ok && b.Name() == "delete" && len(n.Args) == 2 {
			return f.holdsOperand(n.Args[0], x) && f.sameOperand(&ast.IndexExpr{X: n.Args[0], Index: n.Args[1]}, x)
		}
	}
	return false
}

// holdsOperand reports whether e is x or what x is read from (v for v.f).
func (f *flow) holdsOperand(e, x ast.Expr) bool {
	for x != nil {
		if f.sameOperand(e, x) {
			return true
		}
		switch y := ast.Unparen(x).(type) {
		case *ast.SelectorExpr:
			x = y.X
		case *ast.IndexExpr:
			x = y.X
		default:
			x = nil
		}
	}
	return false
}

// sameOperand reports whether a and b name one value: one variable, one
// field of one operand, one constant key of one operand.
func (f *flow) sameOperand(a, b ast.Expr) bool {
	switch a := ast.Unparen(a).(type) {
	case *ast.Ident:
		id := identOf(b)
		return id != nil && f.info.ObjectOf(a) != nil && f.info.ObjectOf(a) == f.info.ObjectOf(id)
	case *ast.SelectorExpr:
		s, ok := ast.Unparen(b).(*ast.SelectorExpr)
		return ok && f.info.ObjectOf(a.Sel) != nil && f.info.ObjectOf(a.Sel) == f.info.ObjectOf(s.Sel) && f.sameOperand(a.X, s.X)
	case *ast.IndexExpr:
		ix, ok := ast.Unparen(b).(*ast.IndexExpr)
		if !ok || !f.sameOperand(a.X, ix.X) {
			return false
		}
		k, l := f.info.Types[a.Index].Value, f.info.Types[ix.Index].Value
		return k != nil && l != nil && comparableConsts(k, l, token.EQL) && constant.Compare(k, token.EQL, l)
	}
	return false
}
