package code

import (
	"go/ast"
	"go/types"
)

// RootOpts choose what Root looks through besides x.f and *x, which it always
// does. The engine and each rule ask for the steps that fit their question.
type RootOpts uint

const (
	// ThroughIndex: x of x[i].
	ThroughIndex RootOpts = 1 << iota
	// ThroughUnary: x of &x, -x, <-x.
	ThroughUnary
	// ThroughCall: the receiver of a method call, x of x.m(...).
	ThroughCall
	// PkgVars: a package-level variable named through its package, V of pkg.V
	// (without it, pkg.V has no root).
	PkgVars
	// UsesOnly: an identifier being declared (x of x := ...) has no root.
	UsesOnly
)

// Root returns the variable an expression starts from: x of x.f.g, or nil. The
// result is always a *types.Var or nil.
func Root(info *types.Info, e ast.Expr, opts RootOpts) types.Object {
	for e != nil {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			return identVar(info, x, opts)
		case *ast.SelectorExpr:
			if pkgName(info, x.X) {
				if opts&PkgVars != 0 {
					return identVar(info, x.Sel, opts)
				}
				return nil
			}
			e = x.X
		case *ast.StarExpr:
			e = x.X
		case *ast.IndexExpr:
			e = step(opts&ThroughIndex != 0, x.X)
		case *ast.UnaryExpr:
			e = step(opts&ThroughUnary != 0, x.X)
		case *ast.CallExpr:
			e = step(opts&ThroughCall != 0, methodReceiver(x))
		default:
			return nil
		}
	}
	return nil
}

// step is next when the step is allowed, nil otherwise.
func step(allowed bool, next ast.Expr) ast.Expr {
	if allowed {
		return next
	}
	return nil
}

// identVar is the variable an identifier uses (or declares, unless UsesOnly).
func identVar(info *types.Info, id *ast.Ident, opts RootOpts) types.Object {
	if v, ok := info.Uses[id].(*types.Var); ok {
		return v
	}
	if opts&UsesOnly != 0 {
		return nil
	}
	if v, ok := info.Defs[id].(*types.Var); ok {
		return v
	}
	return nil
}

// pkgName reports whether e names an imported package.
func pkgName(info *types.Info, e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	_, isPkg := info.Uses[id].(*types.PkgName)
	return isPkg
}

// methodReceiver is x of x.m(...), or nil when the callee is not a selector.
func methodReceiver(call *ast.CallExpr) ast.Expr {
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		return sel.X
	}
	return nil
}

// MethodRecv returns the receiver expression of a call of a method value
// (x.M(...), not a func field x.f(...) or a package function pkg.F(...)).
func MethodRecv(info *types.Info, call *ast.CallExpr) (ast.Expr, bool) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil, false
	}
	if s := info.Selections[sel]; s == nil || s.Kind() != types.MethodVal {
		return nil, false
	}
	return sel.X, true
}

// MethodRoot returns the variable a method call is made on, through the
// fields (and with opts, indexes and package variables) between: b for
// b.policy.Next().
func MethodRoot(info *types.Info, call *ast.CallExpr, opts RootOpts) (*types.Var, bool) {
	recv, ok := MethodRecv(info, call)
	if !ok {
		return nil, false
	}
	v, ok := Root(info, recv, opts).(*types.Var)
	return v, ok
}
