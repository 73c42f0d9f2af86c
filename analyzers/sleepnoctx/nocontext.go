package sleepnoctx

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
	"github.com/retrylint/retrylint/analyzers/internal/lint"
)

// maxChain bounds the functions read on the way up from a wait; past it, no
// context is claimed to be in reach.
const maxChain = 64

// contextReachable reports whether a context could be handed down to the
// wait at at: the function holding it, or a function of the package that
// calls it directly or through others, holds a context (a context.Context or
// an *http.Request, as a parameter, a variable or a field it reads). With
// none on any chain of calls in sight, and no stop channel in reach, nothing
// could cancel the wait, and asking for a context asks to thread one through
// code that has none to give. Callers out of sight (an exported function, a
// method an interface dispatches to, a function handed on as a value) give
// nothing either: an interface method or a func type without a context gives
// its callers nothing to pass.
func contextReachable(p *lint.Pass, at ast.Node) bool {
	start := enclosingDecl(p, at)
	if start == nil {
		return false
	}
	seen := map[*ast.FuncDecl]bool{start: true}
	queue := []*ast.FuncDecl{start}
	for len(queue) > 0 && len(seen) <= maxChain {
		decl := queue[0]
		queue = queue[1:]
		if holdsContext(p, decl) {
			return true
		}
		fn, _ := p.TypesInfo.Defs[decl.Name].(*types.Func)
		if fn == nil {
			continue
		}
		callers, _ := code.Callers(p.TypesInfo, p.Files, fn)
		for _, c := range callers {
			if !seen[c] {
				seen[c] = true
				queue = append(queue, c)
			}
		}
	}
	return false
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

// holdsContext reports whether decl has a context in reach: a variable or
// field of type context.Context or *http.Request that it declares or reads,
// or a field of its receiver that it could read. A context variable that
// only ever holds a context nothing can cancel (ContextNeverEnds) is none.
func holdsContext(p *lint.Pass, decl *ast.FuncDecl) bool {
	info := p.TypesInfo
	if receiverCarriesContext(info, decl) {
		return true
	}
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
			found = carriesContext(v.Type()) && !p.Scope.ContextNeverEnds(v)
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

// receiverCarriesContext reports whether decl is a method whose receiver's
// struct has a context.Context or *http.Request field.
func receiverCarriesContext(info *types.Info, decl *ast.FuncDecl) bool {
	if decl.Recv == nil || len(decl.Recv.List) != 1 {
		return false
	}
	t := info.TypeOf(decl.Recv.List[0].Type)
	if t == nil {
		return false
	}
	if ptr, ok := t.(*types.Pointer); ok {
		t = ptr.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for f := range st.Fields() {
		if carriesContext(f.Type()) {
			return true
		}
	}
	return false
}
