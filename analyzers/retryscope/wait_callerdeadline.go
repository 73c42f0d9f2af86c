package retryscope

import (
	"go/ast"
	"go/types"
	"sync"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A context parameter of an unexported function has a deadline when the
// package is all that can call the function and every call it makes passes a
// context that has one in the calling function:
//
//	func resolve(ctx context.Context) error { ... <-ctx.Done() ... }
//	func Start() error {
//		ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
//		defer cancel()
//		return resolve(ctx)
//	}
//
// The function must be a plain function (a method may be reached through an
// interface, whose calls name no method of the package), never used as a
// value (a func value may be called with anything) and called at least once.
// The caller's argument is judged by the same definition (LocalDeadline),
// through callers of callers up to maxCallerHops.

// maxCallerHops bounds how many calls up fromCallers follows a parameter;
// each hop judges the caller's argument afresh up to maxDeadlineDepth.
const maxCallerHops = 3

// fromCallers reports whether v, read in fn, is such a parameter.
func (d *deadlines) fromCallers(fn *funcNode, v *types.Var) bool {
	if d.hops >= maxCallerHops || !IsContext(v.Type()) {
		return false
	}
	decl, k := paramOf(d.res.info, fn, v)
	if decl == nil || decl.obj.Exported() || code.IsMethod(decl.obj) {
		return false
	}
	calls, ok := d.res.funcs.callsOf(d.res.info, decl.obj)
	if !ok || len(calls) == 0 {
		return false
	}
	d.hops++
	defer func() { d.hops-- }()
	for _, call := range calls {
		if call.Ellipsis.IsValid() || k >= len(call.Args) || !d.expr(d.res.funcs.enclosing(call.Pos()), call.Args[k], 0) {
			return false
		}
	}
	return true
}

// paramOf returns the function declaration among fn and the functions
// around it whose parameter k is v, or nil: a literal's parameter is filled
// wherever the literal goes.
func paramOf(info *types.Info, fn *funcNode, v *types.Var) (*funcNode, int) {
	decl := fn.decl()
	if decl == nil {
		return nil, 0
	}
	for k, p := range decl.params(info) {
		if p != nil && p == v {
			return decl, k
		}
	}
	return nil, 0
}

// callers indexes the calls of the package's functions by callee, and which
// functions are used other than by a call.
type callers struct {
	once    sync.Once
	calls   map[*types.Func][]*ast.CallExpr
	escaped map[*types.Func]bool
}

// callsOf returns the package's calls of fn, a function of the package; ok
// is false when the package also uses fn as a value.
func (ix *funcIndex) callsOf(info *types.Info, fn *types.Func) (calls []*ast.CallExpr, ok bool) {
	c := &ix.callers
	c.once.Do(func() { c.build(info, ix) })
	return c.calls[fn], !c.escaped[fn]
}

func (c *callers) build(info *types.Info, ix *funcIndex) {
	c.calls = make(map[*types.Func][]*ast.CallExpr)
	c.escaped = make(map[*types.Func]bool)
	called := make(map[*ast.Ident]bool)
	for _, call := range ix.calls {
		fn := code.Callee(info, call)
		if fn == nil || ix.byObj[fn.Origin()] == nil {
			continue
		}
		if id := calleeIdent(call.Fun); id != nil {
			called[id] = true
			c.calls[fn.Origin()] = append(c.calls[fn.Origin()], call)
		}
	}
	for id, obj := range info.Uses {
		if fn, ok := obj.(*types.Func); ok && ix.byObj[fn.Origin()] != nil && !called[id] {
			c.escaped[fn.Origin()] = true
		}
	}
}

// calleeIdent returns the identifier a call's function expression names the
// callee by (f, pkg.f, x.m, f[T]), or nil.
func calleeIdent(fun ast.Expr) *ast.Ident {
	switch f := ast.Unparen(fun).(type) {
	case *ast.Ident:
		return f
	case *ast.SelectorExpr:
		return f.Sel
	case *ast.IndexExpr:
		return calleeIdent(f.X)
	case *ast.IndexListExpr:
		return calleeIdent(f.X)
	}
	return nil
}
