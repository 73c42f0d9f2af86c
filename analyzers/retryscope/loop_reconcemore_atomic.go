package retryscope

import (
	"go/ast"
	"go/constant"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A one-way flag is often a sync/atomic value (useV1Beta1 atomic.Bool): the
// guard reads it with Load (`!gw.useV1Beta1.Load()`) and the way to the call
// stores a constant with Store (`gw.useV1Beta1.Store(true)`). That is the
// read and the write of a stored falsifier (loop_reconcemore.go), as `x = c`
// and `x` are; any other method that changes it (Swap, CompareAndSwap, Add)
// is a write of another value.

// atomicStore returns the value x and the constant v of a statement that
// stores a constant in a sync/atomic value (x.Store(c)), or nil.
func (f *flow) atomicStore(n ast.Node) (ast.Expr, constant.Value) {
	es, ok := n.(*ast.ExprStmt)
	if !ok {
		return nil, nil
	}
	x, method, args := f.atomicCall(es.X)
	if method != "Store" || len(args) != 1 {
		return nil, nil
	}
	v := f.info.Types[args[0]].Value
	if v == nil {
		return nil, nil
	}
	return x, v
}

// atomicCall returns the receiver, the method's name and the arguments of a
// call of a method of a sync/atomic type, or nil.
func (f *flow) atomicCall(e ast.Expr) (ast.Expr, string, []ast.Expr) {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return nil, "", nil
	}
	fn := code.Callee(f.info, call)
	sel, isSel := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if fn == nil || !isSel || fn.Pkg() == nil || fn.Pkg().Path() != "sync/atomic" || fn.Signature().Recv() == nil {
		return nil, "", nil
	}
	return sel.X, fn.Name(), call.Args
}

// atomicLoads reports whether e is x.Load() of the atomic value x.
func (f *flow) atomicLoads(e, x ast.Expr) bool {
	y, method, args := f.atomicCall(e)
	return y != nil && method == "Load" && len(args) == 0 && f.sameOperand(y, x)
}

// atomicWritesOtherThan reports whether n is a call of a method that changes
// the atomic value x to anything but v.
func (f *flow) atomicWritesOtherThan(n *ast.CallExpr, x ast.Expr, v constant.Value) bool {
	y, method, args := f.atomicCall(n)
	if y == nil || method == "Load" || !f.sameOperand(y, x) {
		return false
	}
	if method != "Store" || len(args) != 1 {
		return true
	}
	return !sameConst(f.info.Types[args[0]].Value, v)
}
