package httptimeout

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A client built only to be handed to another package — as an argument of a
// function that builds something from it, or as a field of a struct declared
// there — belongs to that package from then on: it sets (or documents) the
// deadlines of the requests it sends. The same holds for a client stored in a
// field of interface type that the package never reads. A client that is also
// used to send requests here stays reported.

// handOff reports whether the client expression outer, whose parent is
// parent, is handed over (see above).
func (c *checker) handOff(outer ast.Expr, parent ast.Node) bool {
	switch p := parent.(type) {
	case *ast.KeyValueExpr:
		return p.Value == outer && c.handOffField(c.fieldOfKey(p))
	case *ast.AssignStmt:
		if i := indexOf(p.Rhs, outer); i >= 0 && len(p.Lhs) == len(p.Rhs) {
			return c.handOffField(c.fieldOfSel(p.Lhs[i]))
		}
	case *ast.CallExpr:
		return indexOf(p.Args, outer) >= 0 && c.foreignBuilder(p)
	}
	return false
}

// handOffField reports whether storing a client in field f hands it over: f
// belongs to a struct of another package, or has an interface type and the
// package never reads it.
func (c *checker) handOffField(f *types.Var) bool {
	if f == nil {
		return false
	}
	if f.Pkg() != nil && f.Pkg() != c.p.Pkg {
		return f.Pkg().Path() != "net/http"
	}
	if !types.IsInterface(f.Type()) {
		return false
	}
	read := false
	c.fieldUses(f, func(sel *ast.SelectorExpr, stack []ast.Node) bool {
		if as, ok := parentAt(stack, len(stack)-2).(*ast.AssignStmt); ok && indexOf(as.Lhs, sel) >= 0 {
			return true
		}
		read = true
		return false
	})
	return !read
}

// foreignBuilder reports whether call is a function of another package (not
// net/http) that returns something other than errors and responses: it builds
// a value that keeps what it is given.
func (c *checker) foreignBuilder(call *ast.CallExpr) bool {
	fn := code.Callee(c.info, call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg() == c.p.Pkg || fn.Pkg().Path() == "net/http" {
		return false
	}
	res := fn.Type().(*types.Signature).Results()
	for i := 0; i < res.Len(); i++ {
		t := res.At(i).Type()
		if !code.IsError(t) && !code.IsNamed(t, "net/http", "Response") && !code.IsNamed(t, "net/http", "Client") {
			return true
		}
	}
	return false
}

// handedOffVar reports whether a local client variable, after its
// construction, is only configured and handed over (at least once).
func (c *checker) handedOffVar(v *types.Var, after token.Pos, body *ast.BlockStmt) bool {
	handed := 0
	ok := c.eachUseAfter(v, after, body, func(id *ast.Ident, stack []ast.Node) bool {
		switch kind, _ := c.useOf(id, stack); kind {
		case useConfig, useTransport, useTimeout:
			return true
		}
		outer, parent := climb(stack)
		handed++
		return c.handOff(outer, parent)
	})
	return ok && handed > 0
}
