package sleepnoctx

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
	"github.com/retrylint/retrylint/analyzers/internal/lint"
)

// maxChain bounds the functions read on the way up from a wait; past it, a
// context is assumed to be somewhere.
const maxChain = 64

// noContextReaches reports whether no context could reach the wait at at:
// the function holding it is unexported (or in package main) and only ever
// called, never handed on as a value, and neither it nor any function of the
// package on a chain of calls to it holds a context (a context.Context or an
// *http.Request, as a parameter, a variable or a field it reads). Nothing
// could cancel such a wait, and asking for a context there asks to thread one
// through code that has none to give.
func noContextReaches(p *lint.Pass, at ast.Node) bool {
	start := enclosingDecl(p, at)
	if start == nil {
		return false
	}
	seen := map[*ast.FuncDecl]bool{start: true}
	queue := []*ast.FuncDecl{start}
	for len(queue) > 0 {
		decl := queue[0]
		queue = queue[1:]
		fn, _ := p.TypesInfo.Defs[decl.Name].(*types.Func)
		if fn == nil || reachableFromOutside(p, fn) || holdsContext(p.TypesInfo, decl) {
			return false
		}
		callers, called := code.Callers(p.TypesInfo, p.Files, fn)
		if !called {
			return false
		}
		for _, c := range callers {
			if !seen[c] {
				seen[c] = true
				queue = append(queue, c)
			}
		}
		if len(seen) > maxChain {
			return false
		}
	}
	return true
}

// enclosingDecl returns the function declaration that holds n.
func enclosingDecl(p *lint.Pass, n ast.Node) *ast.FuncDecl {
	for _, m := range code.TreeOf(p.TypesInfo).Enclosing(n) {
		if decl, ok := m.(*ast.FuncDecl); ok {
			return decl
		}
	}
	return nil
}

// reachableFromOutside reports whether code out of sight may call fn: an
// exported function of a package others import, or a method an interface
// of the same name may dispatch to.
func reachableFromOutside(p *lint.Pass, fn *types.Func) bool {
	if fn.Exported() && p.Pkg.Name() != "main" {
		return true
	}
	sig := fn.Type().(*types.Signature)
	return sig.Recv() != nil && interfaceHasMethod(p.TypesInfo, fn.Name())
}

// interfaceHasMethod reports whether an interface the package mentions has a
// method called name.
func interfaceHasMethod(info *types.Info, name string) bool {
	for _, tv := range info.Types {
		if iface, ok := tv.Type.Underlying().(*types.Interface); ok {
			for m := range iface.Methods() {
				if m.Name() == name {
					return true
				}
			}
		}
	}
	return false
}

// holdsContext reports whether decl has a context in reach: a variable or
// field of type context.Context or *http.Request that it declares or reads.
func holdsContext(info *types.Info, decl *ast.FuncDecl) bool {
	found := false
	code.Inspect(decl, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok || found {
			return !found
		}
		obj := info.Defs[id]
		if obj == nil {
			obj = info.Uses[id]
		}
		if v, ok := obj.(*types.Var); ok {
			found = carriesContext(v.Type())
		}
		return !found
	})
	return found
}

func carriesContext(t types.Type) bool {
	if ptr, ok := t.(*types.Pointer); ok {
		return code.IsNamed(ptr.Elem(), "net/http", "Request")
	}
	return code.IsNamed(t, "context", "Context")
}
