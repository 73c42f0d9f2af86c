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

	// What the index's one walk saw in the function's own body (outside nested
	// literals), so that the engine need not walk it again to ask.
	hasLoop   bool              // a for or range loop, or a labelled branch
	recursive bool              // a call of the function itself
	switches  []*ast.SwitchStmt // switch statements with a tag
	// calls[lo:hi] of the index are the calls under the function, nested
	// literals included, in source order.
	lo, hi int
}

// funcIndex finds functions by object and by position.
type funcIndex struct {
	list  []*funcNode // in source order (by Pos)
	byObj map[*types.Func]*funcNode
	byLit map[*ast.FuncLit]*funcNode
	// byVar maps a local variable assigned a function literal exactly once
	// (op := func() error {...}) to that literal.
	byVar map[types.Object]*funcNode
	// calls are every call of the package, in source order (preorder).
	calls []*ast.CallExpr
}

// indexFuncs indexes the package's functions in one walk of the inspector,
// over the kinds of node the engine asks about: functions, loops, labelled
// branches, calls, switches and assignments.
func indexFuncs(pass *analysis.Pass) *funcIndex {
	ix := &funcIndex{byObj: make(map[*types.Func]*funcNode), byLit: make(map[*ast.FuncLit]*funcNode)}
	insp := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	var stack []*funcNode
	code.Nodes(insp, indexed, func(n ast.Node, push bool) bool {
		switch n := n.(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			if !push {
				stack[len(stack)-1].hi = len(ix.calls)
				stack = stack[:len(stack)-1]
				return true
			}
			stack = append(stack, ix.add(pass.TypesInfo, n, stack))
		default:
			if push {
				ix.note(pass.TypesInfo, n, stack)
			}
		}
		return true
	})
	sort.SliceStable(ix.list, func(i, j int) bool { return ix.list[i].node.Pos() < ix.list[j].node.Pos() })
	ix.byVar = funcVars(pass.TypesInfo, pass.Files, ix.byLit)
	return ix
}

// indexed are the kinds of node indexFuncs visits.
var indexed = []ast.Node{
	(*ast.FuncDecl)(nil), (*ast.FuncLit)(nil), (*ast.ForStmt)(nil), (*ast.RangeStmt)(nil),
	(*ast.BranchStmt)(nil), (*ast.CallExpr)(nil), (*ast.SwitchStmt)(nil),
}

// add records a function; stack holds the functions enclosing it.
func (ix *funcIndex) add(info *types.Info, n ast.Node, stack []*funcNode) *funcNode {
	fn := &funcNode{node: n, lo: len(ix.calls)}
	if len(stack) > 0 {
		fn.parent = stack[len(stack)-1]
	}
	switch n := n.(type) {
	case *ast.FuncDecl:
		fn.body, fn.typ = n.Body, n.Type
		fn.obj, _ = info.Defs[n.Name].(*types.Func)
		if fn.obj != nil {
			ix.byObj[fn.obj] = fn
		}
	case *ast.FuncLit:
		fn.body, fn.typ = n.Body, n.Type
		ix.byLit[n] = fn
	}
	ix.list = append(ix.list, fn)
	return fn
}

// note records a loop, branch, call or switch in the innermost function
// around it.
func (ix *funcIndex) note(info *types.Info, n ast.Node, stack []*funcNode) {
	if call, ok := n.(*ast.CallExpr); ok {
		ix.calls = append(ix.calls, call)
	}
	if len(stack) == 0 {
		return
	}
	fn := stack[len(stack)-1]
	switch n := n.(type) {
	case *ast.ForStmt, *ast.RangeStmt:
		fn.hasLoop = true
	case *ast.BranchStmt:
		fn.hasLoop = fn.hasLoop || n.Label != nil
	case *ast.CallExpr:
		fn.recursive = fn.recursive || (fn.obj != nil && code.Callee(info, n) == fn.obj)
	case *ast.SwitchStmt:
		if n.Tag != nil {
			fn.switches = append(fn.switches, n)
		}
	}
}

// callsIn returns the calls in a function's body, nested literals included, in
// source order.
func (ix *funcIndex) callsIn(fn *funcNode) []*ast.CallExpr {
	var out []*ast.CallExpr
	for _, c := range ix.calls[fn.lo:fn.hi] {
		if fn.body != nil && fn.body.Pos() <= c.Pos() && c.End() <= fn.body.End() {
			out = append(out, c)
		}
	}
	return out
}

// funcVars maps each variable that is assigned one function literal and
// nothing else (op := func() error {...}) to the literal's function. It reads
// the package's def index.
func funcVars(info *types.Info, files []*ast.File, byLit map[*ast.FuncLit]*funcNode) map[types.Object]*funcNode {
	out := make(map[types.Object]*funcNode)
	for _, f := range files {
		for _, d := range code.DefsIn(info, f.Pos(), f.End()) {
			lit, ok := ast.Unparen(d.Value).(*ast.FuncLit)
			if !ok || d.Var == nil || !d.ByName() || byLit[lit] == nil {
				continue
			}
			if values := code.Values(info, d.Var, nil); len(values) == 1 {
				out[d.Var] = byLit[lit]
			}
		}
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
	case *ast.CallExpr:
		return ix.made(info, e) // funcs_made.go
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

// everyReturnIs reports whether call is of a function of the package with
// one result whose every return (a literal's returns are its own) gives a
// value ok accepts; false when it has none.
func (res *Result) everyReturnIs(call *ast.CallExpr, ok func(ast.Expr) bool) bool {
	fn := code.Callee(res.info, call)
	if fn == nil || res.funcs == nil {
		return false
	}
	node := res.funcs.byObj[fn.Origin()]
	if node == nil || node.body == nil || fn.Type().(*types.Signature).Results().Len() != 1 {
		return false
	}
	return everyReturn(res.info, node.body, ok)
}
