package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A stop channel of a value still under construction cannot fire. A
// constructor that makes the value with its stop channel in one literal
// (c := &C{done: make(chan struct{})}) and runs a method of it before
// returning it (c.run(); return c) holds the only reference while that
// method runs: the channel is closed by a method of the value (Close), which
// no one can call before the constructor returns. A wait in that method that
// ignores the channel ignores nothing. It is another matter when the value
// is handed on before the call (an argument, a goroutine, a function literal
// that captures it, a method that starts a goroutine), when the method runs
// in a goroutine or on a value made elsewhere (a method called after
// construction), or when the channel comes from outside (a parameter).

// stopUnderConstruction reports whether field, a channel field of decl's
// receiver, cannot be closed while decl waits at at: decl starts no
// goroutine before at, and every use of decl's method in the package is a
// call, as a statement, on a local that the calling function made with a
// literal that makes the channel, and that the function did not hand on
// before the call.
func (res *Result) stopUnderConstruction(decl *ast.FuncDecl, holder ast.Node, field *types.Var, at ast.Node) bool {
	if decl == nil || holder != ast.Node(decl) || decl.Recv == nil || startsGoroutineBefore(decl, at) {
		return false
	}
	method, ok := res.info.Defs[decl.Name].(*types.Func)
	if !ok {
		return false
	}
	calls := res.callsNaming(method)
	for _, call := range calls {
		if !res.calledOnFreshValue(call, field) {
			return false
		}
	}
	return len(calls) > 0
}

// calledOnFreshValue reports whether call is a call statement x.m() on a
// local x defined once, by a literal whose field is a make, and used before
// the call only as a receiver of calls that start no goroutine or as a field
// selector.
func (res *Result) calledOnFreshValue(call *ast.CallExpr, field *types.Var) bool {
	if !isCallStatement(res.info, call) {
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	x := code.VarOf(res.info, sel.X)
	if x == nil || x.IsField() || x.Kind() == types.ParamVar || x.Kind() == types.RecvVar {
		return false
	}
	def, ok := code.SoleDef(res.info, x)
	if !ok || def.Func == nil || !makesField(res.info, def.Value, field) || !encloses(def.Func, call) {
		return false
	}
	return res.keptBetween(def.Func, x, def.Stmt.End(), call.Pos())
}

// isCallStatement reports whether call is a statement of its own (not run
// by go or defer, not a value used).
func isCallStatement(info *types.Info, call *ast.CallExpr) bool {
	path := code.TreeOf(info).Enclosing(call)
	if len(path) < 2 {
		return false
	}
	_, ok := path[1].(*ast.ExprStmt)
	return ok
}

// makesField reports whether e, a composite literal or its address, sets
// field to a make(...).
func makesField(info *types.Info, e ast.Expr, field *types.Var) bool {
	if u, ok := ast.Unparen(e).(*ast.UnaryExpr); ok {
		e = u.X
	}
	lit, ok := ast.Unparen(e).(*ast.CompositeLit)
	if !ok {
		return false
	}
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		key, ok := kv.Key.(*ast.Ident)
		if !ok || info.Uses[key] != field {
			continue
		}
		call, ok := ast.Unparen(kv.Value).(*ast.CallExpr)
		return ok && code.IsBuiltinCall(info, call, "make")
	}
	return false
}

func encloses(outer ast.Node, n ast.Node) bool {
	return outer.Pos() <= n.Pos() && n.End() <= outer.End()
}

// keptBetween reports whether every use of x in fn within [from, to) reads a
// field of it or calls a method of the package that keeps its receiver
// (keepsReceiver), outside any go statement or function literal: x is not
// handed on before to.
func (res *Result) keptBetween(fn ast.Node, x *types.Var, from, to token.Pos) bool {
	kept := true
	code.Inspect(fn, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if ok && id.Pos() >= from && id.Pos() < to && res.info.Uses[id] == x {
			kept = res.keptUse(fn, id, 0)
		}
		return kept
	})
	return kept
}

// maxKeptDepth bounds how deep keepsReceiver follows methods of methods.
const maxKeptDepth = 3

// keptUse reports whether id, a use of a value inside fn, reads a field of
// it or calls a method that keeps its receiver, outside any go statement,
// defer or function literal.
func (res *Result) keptUse(fn ast.Node, id *ast.Ident, depth int) bool {
	path := code.TreeOf(res.info).Enclosing(id)
	for _, p := range path {
		if p == fn {
			break
		}
		switch p.(type) {
		case *ast.GoStmt, *ast.DeferStmt, *ast.FuncLit:
			return false
		}
	}
	if len(path) < 2 {
		return false
	}
	sel, ok := path[1].(*ast.SelectorExpr)
	if !ok || sel.X != ast.Expr(id) {
		return false
	}
	s := res.info.Selections[sel]
	switch {
	case s == nil:
		return false
	case s.Kind() == types.FieldVal:
		return true
	case s.Kind() != types.MethodVal || len(path) < 3:
		return false
	}
	call, ok := path[2].(*ast.CallExpr)
	if !ok || call.Fun != ast.Expr(sel) {
		return false
	}
	method, _ := s.Obj().(*types.Func)
	return method != nil && res.keepsReceiver(res.funcs.byObj[method.Origin()], depth+1)
}

// keepsReceiver reports whether the method fn starts no goroutine and uses
// its receiver only to read fields or call methods that keep it too.
func (res *Result) keepsReceiver(fn *funcNode, depth int) bool {
	if fn == nil || fn.body == nil || depth > maxKeptDepth {
		return false
	}
	decl, ok := fn.node.(*ast.FuncDecl)
	if !ok || decl.Recv == nil || len(decl.Recv.List) != 1 {
		return false
	}
	var recv *types.Var
	if names := decl.Recv.List[0].Names; len(names) == 1 {
		recv, _ = res.info.Defs[names[0]].(*types.Var)
	}
	kept := true
	code.Inspect(fn.body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.GoStmt:
			kept = false
		case *ast.Ident:
			if recv != nil && res.info.Uses[n] == recv {
				kept = res.keptUse(fn.body, n, depth)
			}
		}
		return kept
	})
	return kept
}

// startsGoroutineBefore reports whether decl has a go statement before at.
func startsGoroutineBefore(decl *ast.FuncDecl, at ast.Node) bool {
	found := false
	ast.Inspect(decl, func(n ast.Node) bool {
		if g, ok := n.(*ast.GoStmt); ok && g.Pos() < at.Pos() {
			found = true
		}
		return !found
	})
	return found
}
