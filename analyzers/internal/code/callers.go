package code

import (
	"go/ast"
	"go/types"
)

// Callers returns the declared functions of the package that call fn (a call,
// a go or defer statement; a call inside a function literal counts for the
// declaration that holds it), each once, in source order. called is false
// when fn is also used as a value (handed on, stored, a method value): then
// callers out of sight may call it too.
func Callers(info *types.Info, files []*ast.File, fn *types.Func) (callers []*ast.FuncDecl, called bool) {
	called = true
	for _, f := range files {
		for _, d := range f.Decls {
			decl, ok := d.(*ast.FuncDecl)
			if !ok || decl.Body == nil {
				continue
			}
			uses := usesIn(info, decl.Body, fn)
			if len(uses) == 0 {
				continue
			}
			funs := callNames(decl.Body)
			for _, id := range uses {
				if !funs[id] {
					called = false
				}
			}
			callers = append(callers, decl)
		}
	}
	return callers, called
}

// usesIn returns the identifiers under n that refer to obj.
func usesIn(info *types.Info, n ast.Node, obj types.Object) []*ast.Ident {
	var ids []*ast.Ident
	Inspect(n, func(m ast.Node) bool {
		if id, ok := m.(*ast.Ident); ok && info.Uses[id] == obj {
			ids = append(ids, id)
		}
		return true
	})
	return ids
}

// callNames returns the identifiers under n that name the function of a
// call: f in f(...) and in x.f(...).
func callNames(n ast.Node) map[*ast.Ident]bool {
	funs := make(map[*ast.Ident]bool)
	Inspect(n, func(m ast.Node) bool {
		call, ok := m.(*ast.CallExpr)
		if !ok {
			return true
		}
		switch fun := ast.Unparen(call.Fun).(type) {
		case *ast.Ident:
			funs[fun] = true
		case *ast.SelectorExpr:
			funs[fun.Sel] = true
		}
		return true
	})
	return funs
}

// CallNaming returns the call whose callee id names (f(x), s.m(x), (f)(x)),
// or nil when id is used otherwise (a function value, a receiver).
func CallNaming(info *types.Info, id *ast.Ident) *ast.CallExpr {
	t := TreeOf(info)
	if t == nil {
		return nil
	}
	path := t.Enclosing(id)
	for i := 1; i < len(path); i++ {
		switch p := path[i].(type) {
		case *ast.ParenExpr:
			continue
		case *ast.SelectorExpr:
			if p.Sel == id {
				continue
			}
		case *ast.CallExpr:
			if p.Fun.Pos() <= id.Pos() && id.End() <= p.Fun.End() {
				return p
			}
		}
		return nil
	}
	return nil
}
