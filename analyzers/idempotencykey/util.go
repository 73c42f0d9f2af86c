package idempotencykey

import (
	"go/ast"
	"go/types"
)

func rhsOf(rhs []ast.Expr, nlhs, i int) ast.Expr {
	if len(rhs) == nlhs {
		return rhs[i]
	}
	return rhs[0]
}

// firstElem returns v of []string{v}, or the expression itself.
func firstElem(e ast.Expr) ast.Expr {
	if lit, ok := ast.Unparen(e).(*ast.CompositeLit); ok && len(lit.Elts) > 0 {
		return lit.Elts[0]
	}
	return e
}

// rootObj returns the variable an expression starts from: req of req.Request.Header.
func rootObj(info *types.Info, e ast.Expr) types.Object {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			if obj := info.Defs[x]; obj != nil {
				return obj
			}
			v, _ := info.Uses[x].(*types.Var)
			if v == nil {
				return nil
			}
			return v
		case *ast.SelectorExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		case *ast.UnaryExpr:
			e = x.X
		default:
			return nil
		}
	}
}

func isHeaderType(t types.Type) bool {
	return isNetHTTP(t, "Header")
}

// isNetHTTP reports whether t (or *t) is net/http.<name>.
func isNetHTTP(t types.Type, name string) bool {
	if t == nil {
		return false
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "net/http" && n.Obj().Name() == name
}
