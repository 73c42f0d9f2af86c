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

// noContextReaches reports whether no context could reach the wait at at: in
// a program (package main) whose every chain of calls to the function holding
// the wait starts at main or init, never through a function handed on as a
// value or an interface, no function on those chains holds a context (a
// context.Context or an *http.Request, as a parameter, a variable or a field
// it reads). Nothing could cancel such a wait, and asking for a context there
// asks to thread one through a program that has none to give. A function with
// no caller in sight is an entry others may call with a context.
func noContextReaches(p *lint.Pass, at ast.Node) bool {
	start := enclosingDecl(p, at)
	if start == nil || p.Pkg.Name() != "main" {
		return false
	}
	seen := map[*ast.FuncDecl]bool{start: true}
	queue := []*ast.FuncDecl{start}
	for len(queue) > 0 {
		decl := queue[0]
		queue = queue[1:]
		fn, _ := p.TypesInfo.Defs[decl.Name].(*types.Func)
		if fn == nil || dispatched(p.TypesInfo, fn) || holdsContext(p.TypesInfo, decl) {
			return false
		}
		callers, called := code.Callers(p.TypesInfo, p.Files, fn)
		if !called || len(callers) == 0 && !programEntry(p, decl) {
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

// programEntry reports whether decl is main or init of package main.
func programEntry(p *lint.Pass, decl *ast.FuncDecl) bool {
	name := decl.Name.Name
	return p.Pkg.Name() == "main" && decl.Recv == nil && (name == "main" || name == "init")
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

// dispatched reports whether an interface call may reach fn, a method an
// interface of the same name may dispatch to: callers out of sight.
func dispatched(info *types.Info, fn *types.Func) bool {
	return fn.Type().(*types.Signature).Recv() != nil && interfaceHasMethod(info, fn.Name())
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
