package httptimeout

import (
	"go/ast"
	"go/constant"
	"go/types"
)

// isClient reports whether t is net/http.Client or a pointer to it.
func isClient(t types.Type) bool {
	if t == nil {
		return false
	}
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && isHTTP(n.Obj(), "Client")
}

// isHTTP reports whether obj is net/http's object of that name.
func isHTTP(obj types.Object, name string) bool {
	return obj != nil && obj.Pkg() != nil && obj.Pkg().Path() == "net/http" && obj.Name() == name
}

func isNewClient(info *types.Info, call *ast.CallExpr) bool {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok || id.Name != "new" || len(call.Args) != 1 {
		return false
	}
	if _, ok := info.Uses[id].(*types.Builtin); !ok {
		return false
	}
	return isClient(info.TypeOf(call.Args[0]))
}
func isMethod(fn *types.Func) bool {
	sig, ok := fn.Type().(*types.Signature)
	return ok && sig.Recv() != nil
}

// isZero reports whether e is the constant 0.
func isZero(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil {
		return false
	}
	v := constant.ToInt(tv.Value)
	return v.Kind() == constant.Int && constant.Sign(v) == 0
}

// field returns the value of a keyed field of a struct literal, or nil.
func field(lit *ast.CompositeLit, name string) ast.Expr {
	if lit == nil {
		return nil
	}
	for _, el := range lit.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == name {
				return kv.Value
			}
		}
	}
	return nil
}

// varOf returns the variable an identifier denotes (use or definition).
func varOf(info *types.Info, e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	if v, ok := info.Uses[id].(*types.Var); ok {
		return v
	}
	v, _ := info.Defs[id].(*types.Var)
	return v
}

// enclosingBody returns the body of the innermost function on the stack.
func enclosingBody(stack []ast.Node) *ast.BlockStmt {
	for i := len(stack) - 1; i >= 0; i-- {
		switch f := stack[i].(type) {
		case *ast.FuncDecl:
			return f.Body
		case *ast.FuncLit:
			return f.Body
		}
	}
	return nil
}

// outermostBody returns the body of the outermost function on the stack, where
// a variable captured by closures is visible.
func outermostBody(stack []ast.Node) *ast.BlockStmt { return firstFuncBody(stack) }

// firstFuncBody returns the body of the first function in nodes: the
// outermost of a stack (root first), the innermost of a path (innermost first).
func firstFuncBody(nodes []ast.Node) *ast.BlockStmt {
	for _, n := range nodes {
		switch f := n.(type) {
		case *ast.FuncDecl:
			return f.Body
		case *ast.FuncLit:
			return f.Body
		}
	}
	return nil
}
