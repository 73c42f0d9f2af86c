package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"
	"sort"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// funcNode is a function of the package: a declaration or a literal.
type funcNode struct {
	node   ast.Node // *ast.FuncDecl or *ast.FuncLit
	body   *ast.BlockStmt
	typ    *ast.FuncType
	obj    *types.Func // declarations only
	parent *funcNode   // the enclosing function of a literal
}

// funcIndex finds functions by object and by position.
type funcIndex struct {
	list  []*funcNode // in source order (by Pos)
	byObj map[*types.Func]*funcNode
	byLit map[*ast.FuncLit]*funcNode
	// byVar maps a local variable assigned a function literal exactly once
	// (op := func() error {...}) to that literal.
	byVar map[types.Object]*funcNode
}

func indexFuncs(pass *analysis.Pass) *funcIndex {
	ix := &funcIndex{byObj: make(map[*types.Func]*funcNode), byLit: make(map[*ast.FuncLit]*funcNode)}
	insp := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	var stack []*funcNode
	filter := []ast.Node{(*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)}
	code.Nodes(insp, filter, func(n ast.Node, push bool) bool {
		if !push {
			stack = stack[:len(stack)-1]
			return true
		}
		fn := &funcNode{node: n}
		if len(stack) > 0 {
			fn.parent = stack[len(stack)-1]
		}
		switch n := n.(type) {
		case *ast.FuncDecl:
			fn.body, fn.typ = n.Body, n.Type
			fn.obj, _ = pass.TypesInfo.Defs[n.Name].(*types.Func)
			if fn.obj != nil {
				ix.byObj[fn.obj] = fn
			}
		case *ast.FuncLit:
			fn.body, fn.typ = n.Body, n.Type
			ix.byLit[n] = fn
		}
		stack = append(stack, fn)
		ix.list = append(ix.list, fn)
		return true
	})
	sort.SliceStable(ix.list, func(i, j int) bool { return ix.list[i].node.Pos() < ix.list[j].node.Pos() })
	ix.byVar = funcVars(pass.TypesInfo, insp, ix.byLit)
	return ix
}

// funcVars finds variables that hold one function literal and nothing else.
func funcVars(info *types.Info, insp *inspector.Inspector, lits map[*ast.FuncLit]*funcNode) map[types.Object]*funcNode {
	out := make(map[types.Object]*funcNode)
	other := make(map[types.Object]bool)
	record := func(lhs ast.Expr, rhs ast.Expr) {
		id, ok := lhs.(*ast.Ident)
		if !ok {
			return
		}
		obj := info.Defs[id]
		if obj == nil {
			obj = info.Uses[id]
		}
		lit, isLit := ast.Unparen(rhs).(*ast.FuncLit)
		if obj == nil {
			return
		}
		if !isLit || out[obj] != nil {
			other[obj] = true
			return
		}
		out[obj] = lits[lit]
	}
	code.Preorder(insp, []ast.Node{(*ast.AssignStmt)(nil), (*ast.ValueSpec)(nil)}, func(n ast.Node) {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if len(n.Lhs) == len(n.Rhs) {
				for i := range n.Lhs {
					record(n.Lhs[i], n.Rhs[i])
				}
			}
		case *ast.ValueSpec:
			for i, name := range n.Names {
				if i < len(n.Values) {
					record(name, n.Values[i])
				}
			}
		}
	})
	for obj := range other {
		delete(out, obj)
	}
	return out
}

// enclosing returns the innermost function whose body holds pos, or nil.
// Functions nest, so the innermost one is the last function that starts at or
// before pos or one of its enclosing functions: a binary search, not a scan of
// every function per question (which made big files quadratic).
func (ix *funcIndex) enclosing(pos token.Pos) *funcNode {
	i := sort.Search(len(ix.list), func(i int) bool { return ix.list[i].node.Pos() > pos })
	if i == 0 {
		return nil
	}
	for f := ix.list[i-1]; f != nil; f = f.parent {
		if f.body != nil && f.body.Pos() <= pos && pos < f.body.End() {
			return f
		}
	}
	return nil
}

// find returns the entry of a function declaration or literal, or nil.
func (ix *funcIndex) find(n ast.Node) *funcNode {
	switch n := n.(type) {
	case *ast.FuncLit:
		return ix.byLit[n]
	case *ast.FuncDecl:
		if n == nil {
			return nil
		}
		i := sort.Search(len(ix.list), func(i int) bool { return ix.list[i].node.Pos() >= n.Pos() })
		for ; i < len(ix.list) && ix.list[i].node.Pos() == n.Pos(); i++ {
			if ix.list[i].node == n {
				return ix.list[i]
			}
		}
	}
	return nil
}

// of returns the function a callback expression denotes, when its body is in this
// package: a literal, or a function or method named by an identifier or selector.
func (ix *funcIndex) of(info *types.Info, e ast.Expr) *funcNode {
	switch e := ast.Unparen(e).(type) {
	case *ast.FuncLit:
		return ix.byLit[e]
	case *ast.Ident:
		switch obj := info.Uses[e].(type) {
		case *types.Func:
			return ix.byObj[obj.Origin()]
		case *types.Var:
			return ix.byVar[obj]
		}
	case *ast.SelectorExpr:
		if fn, ok := info.Uses[e.Sel].(*types.Func); ok {
			return ix.byObj[fn.Origin()]
		}
	case *ast.IndexExpr: // generic instantiation f[T]
		return ix.of(info, e.X)
	case *ast.IndexListExpr:
		return ix.of(info, e.X)
	}
	return nil
}

// params returns the function's parameters as objects, in order.
func (f *funcNode) params(info *types.Info) []*types.Var { return Params(info, f.typ) }

// Params returns a function type's parameters as objects, in order; an unnamed
// parameter is nil, so that indexes match call arguments.
func Params(info *types.Info, typ *ast.FuncType) []*types.Var {
	var out []*types.Var
	if typ == nil || typ.Params == nil {
		return nil
	}
	for _, field := range typ.Params.List {
		if len(field.Names) == 0 {
			out = append(out, nil)
			continue
		}
		for _, name := range field.Names {
			v, _ := info.Defs[name].(*types.Var)
			out = append(out, v)
		}
	}
	return out
}

// decl returns the outermost declaration a function belongs to, or nil.
func (f *funcNode) decl() *funcNode {
	for f != nil && f.parent != nil {
		f = f.parent
	}
	if f != nil && f.obj != nil {
		return f
	}
	return nil
}
