package httptimeout

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A client handed to a func value (p.fetch(http.DefaultClient, nonce), a
// func-typed field or variable) goes wherever the value leads: what the
// callee does with it is out of reach, so no "blocks forever" is claimed at
// that argument. The value is one function when a local variable is defined
// once by it, or an unexported func-typed field of the package is set, by
// name or in struct literals outside tests, to that one function only (a
// hook whose tests swap in fakes). That function is read as a direct call's
// callee is: one of the package by its body, one of another package by its
// SendsClient fact. A function of another package without a fact stays out of
// reach; one whose fact says it sends without a deadline is reported.

// callTarget returns the function a call runs: its static callee, or the one
// function its func value holds; through says the call goes through a func
// value (target nil when that value is out of reach).
func (c *checker) callTarget(call *ast.CallExpr) (target *types.Func, through bool) {
	if fn := code.Callee(c.info, call); fn != nil {
		return fn, false
	}
	if tv, ok := c.info.Types[call.Fun]; !ok || tv.IsType() || tv.IsBuiltin() {
		return nil, false
	}
	if t := c.info.TypeOf(call.Fun); t == nil || !isSignature(t) {
		return nil, false
	}
	if v := code.VarOf(c.info, call.Fun); v != nil && !v.IsField() {
		if e, ok := code.DefinedOnce(c.info, v); ok {
			return code.NamedFunc(c.info, code.FuncValue(c.info, e)), true
		}
		return nil, true
	}
	return c.fieldOnlyFunc(c.fieldOfSel(call.Fun)), true
}

// outOfReachValue reports whether call hands its arguments to a func value
// whose function is unknown, or is of another package and has no fact.
func (c *checker) outOfReachValue(call *ast.CallExpr) bool {
	fn, through := c.callTarget(call)
	if !through {
		return false
	}
	if fn == nil {
		return true
	}
	return c.decls[fn.Origin()] == nil && c.p.Scope.SendsClientOf(fn) == nil
}

// fieldOnlyFunc returns the one function an unexported func-typed field of
// the package is ever set to outside tests (see above), or nil.
func (c *checker) fieldOnlyFunc(f *types.Var) *types.Func {
	if f == nil || f.Exported() || f.Pkg() != c.p.Pkg {
		return nil
	}
	var only *types.Func
	ok := true
	set := func(value ast.Expr) {
		fn := code.NamedFunc(c.info, code.FuncValue(c.info, value))
		ok = fn != nil && (only == nil || fn.Origin() == only.Origin())
		only = fn
	}
	for _, file := range c.p.Files {
		code.TreeOf(c.info).WalkStack(file, fieldStoreKinds, func(n ast.Node, stack func() []ast.Node) bool {
			if !ok || c.p.TestCode(n.Pos()) {
				return ok
			}
			switch n := n.(type) {
			case *ast.CompositeLit:
				if v := code.LiteralField(c.info, n, f); v != nil {
					set(v)
				}
			case *ast.SelectorExpr:
				if c.fieldOfSel(n) == f {
					ok = c.fieldSetByName(n, stack(), set) && ok // set may clear ok
				}
			}
			return ok
		})
	}
	if !ok {
		return nil
	}
	return only
}

var fieldStoreKinds = []ast.Node{(*ast.CompositeLit)(nil), (*ast.SelectorExpr)(nil)}

// fieldSetByName passes to set the value a use sel of a field stores, if it
// is a store; false when the use may store something unseen (its address is
// taken, or it is one of several results).
func (c *checker) fieldSetByName(sel *ast.SelectorExpr, stack []ast.Node, set func(ast.Expr)) bool {
	switch p := parentAt(stack, len(stack)-2).(type) {
	case *ast.UnaryExpr:
		return p.Op != token.AND
	case *ast.AssignStmt:
		i := indexOf(p.Lhs, sel)
		if i < 0 {
			return true
		}
		if len(p.Lhs) != len(p.Rhs) {
			return false
		}
		set(p.Rhs[i])
	}
	return true
}

func isSignature(t types.Type) bool {
	_, ok := t.Underlying().(*types.Signature)
	return ok
}
