package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// contextAt returns a context.Context variable visible at pos, preferring the
// innermost one (a derived ctx over the parameter it came from), or nil.
func contextAt(pass *analysis.Pass, pos token.Pos) *types.Var {
	s := pass.Pkg.Scope().Innermost(pos)
	for ; s != nil && s != pass.Pkg.Scope() && s != types.Universe; s = s.Parent() {
		var best *types.Var
		for _, name := range s.Names() {
			v, ok := s.Lookup(name).(*types.Var)
			if !ok || v.Pos() >= pos || !IsContext(v.Type()) {
				continue
			}
			if best == nil || v.Pos() > best.Pos() {
				best = v
			}
		}
		if best != nil {
			return best
		}
	}
	return nil
}

// IsContext reports whether t is context.Context.
func IsContext(t types.Type) bool {
	n, ok := t.(*types.Named)
	if !ok {
		if a, ok := t.(*types.Alias); ok {
			return IsContext(types.Unalias(a))
		}
		return false
	}
	return n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "context" && n.Obj().Name() == "Context"
}

// CarriedContext spells a context reachable at a node through a value that
// carries one, for code with no context.Context variable in scope: an
// *http.Request parameter's req.Context() (an incoming request's ends when
// its client goes away; an outgoing one's is its caller's), else the one
// context.Context field of the method's receiver (s.ctx, the component's
// lifetime) or, with none, its one *http.Request field
// (s.Request.Context()), among the fields the method reads already (a field
// never set would be nil). It returns "" when none is certain: two requests
// in one place, two context fields read, a name shadowed at the node. A request built in
// the function is left out: http.NewRequest's context never ends.
func (res *Result) CarriedContext(at ast.Node) string {
	if res.pkg == nil || res.info == nil || at == nil {
		return ""
	}
	path := code.TreeOf(res.info).Enclosing(at)
	inner := res.pkg.Scope().Innermost(at.Pos())
	if req, ok := requestParam(inner, res.goroutineScope(path), at.Pos()); ok {
		if req == nil {
			return ""
		}
		return req.Name() + ".Context()"
	}
	return res.receiverContext(path, inner, at.Pos())
}

// goroutineScope returns the scope of the innermost function literal on path
// that a go statement starts, or nil. A request's context ends when its
// handler returns, which a goroutine may outlive: its parameters stop there.
func (res *Result) goroutineScope(path []ast.Node) *types.Scope {
	for i, n := range path {
		lit, ok := n.(*ast.FuncLit)
		if !ok || i+2 >= len(path) {
			continue
		}
		if call, ok := path[i+1].(*ast.CallExpr); ok && call.Fun == lit {
			if _, isGo := path[i+2].(*ast.GoStmt); isGo {
				return res.info.Scopes[lit.Type]
			}
		}
	}
	return nil
}

// requestParam returns the *http.Request parameter visible at pos in the
// innermost scope that has one, up to last (nil: the package's); ok with a nil
// parameter when that scope has two.
func requestParam(inner, last *types.Scope, pos token.Pos) (req *types.Var, ok bool) {
	for s := inner; s != nil && s.Parent() != types.Universe; s = s.Parent() {
		for _, name := range s.Names() {
			v, isVar := s.Lookup(name).(*types.Var)
			if !isVar || v.Kind() != types.ParamVar || !isRequestPtr(v.Type()) || !visible(inner, v, pos) {
				continue
			}
			if req != nil {
				return nil, true
			}
			req = v
		}
		if req != nil {
			return req, true
		}
		if s == last {
			break
		}
	}
	return nil, false
}

// receiverContext spells the context a receiver's field carries for the
// method at the top of path, among the fields the method reads: its one
// context.Context field (s.ctx), else its one *http.Request field
// (s.Request.Context()).
func (res *Result) receiverContext(path []ast.Node, inner *types.Scope, pos token.Pos) string {
	if len(path) == 0 {
		return ""
	}
	decl, ok := path[len(path)-1].(*ast.FuncDecl)
	if !ok || decl.Recv == nil || len(decl.Recv.List) != 1 || len(decl.Recv.List[0].Names) != 1 || decl.Body == nil {
		return ""
	}
	recv, _ := res.info.Defs[decl.Recv.List[0].Names[0]].(*types.Var)
	if recv == nil || recv.Name() == "_" || !visible(inner, recv, pos) {
		return ""
	}
	var ctxs, reqs []string
	for f := range res.fieldsRead(decl.Body, recv.Type()) {
		switch {
		case IsContext(f.Type()):
			ctxs = append(ctxs, f.Name())
		case isRequestPtr(f.Type()):
			reqs = append(reqs, f.Name()+".Context()")
		}
	}
	switch {
	case len(ctxs) == 1:
		return recv.Name() + "." + ctxs[0]
	case len(ctxs) == 0 && len(reqs) == 1:
		return recv.Name() + "." + reqs[0]
	}
	return ""
}

func visible(inner *types.Scope, v *types.Var, pos token.Pos) bool {
	_, obj := inner.LookupParent(v.Name(), pos)
	return obj == v
}

func isRequestPtr(t types.Type) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	return ok && code.IsNamed(p.Elem(), "net/http", "Request")
}

// fieldsRead returns the fields declared in a receiver's struct (not
// embedded, not promoted) that body selects: a field the method reads is one
// the method relies on being set.
func (res *Result) fieldsRead(body ast.Node, recv types.Type) map[*types.Var]bool {
	if recv == nil {
		return nil
	}
	if p, ok := types.Unalias(recv).(*types.Pointer); ok {
		recv = p.Elem()
	}
	st, ok := types.Unalias(recv).Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	own := map[types.Object]bool{}
	for f := range st.Fields() {
		if !f.Embedded() {
			own[f] = true
		}
	}
	read := map[*types.Var]bool{}
	code.Inspect(body, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok && own[res.info.Uses[sel.Sel]] {
			read[res.info.Uses[sel.Sel].(*types.Var)] = true
		}
		return true
	})
	return read
}
