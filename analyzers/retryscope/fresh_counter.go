package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A function of this package that advances a package-level variable on every
// call and returns a value made from it (seq++; return fmt.Sprint(seq), or a
// generator r = r*a + c; state = r; return r) hands out a new value each time,
// in order, like the clock: a counter source. The advance must be a statement
// of the body itself, not under a condition (a cache filled once returns the
// same value again).

// advancesCounter reports whether the body is such a counter source.
func (r *Result) advancesCounter(body *ast.BlockStmt) bool {
	for _, s := range body.List {
		v := r.advanced(s)
		if v != nil && r.returnsFrom(body, v) {
			return true
		}
	}
	return false
}

// advanced returns the package-level variable a statement moves on from its
// old value (v++, v += d, v = f(v), v = r with r := v before), or nil.
func (r *Result) advanced(s ast.Stmt) *types.Var {
	switch s := s.(type) {
	case *ast.IncDecStmt:
		return packageVar(r.info, s.X)
	case *ast.AssignStmt:
		if len(s.Lhs) != 1 || len(s.Rhs) != 1 || s.Tok == token.DEFINE {
			return nil
		}
		v := packageVar(r.info, s.Lhs[0])
		if v != nil && (s.Tok != token.ASSIGN || r.relatesTo(s.Rhs[0], v)) {
			return v
		}
	}
	return nil
}

// relatesTo reports whether e reads v, or a local variable one of whose
// values reads v.
func (r *Result) relatesTo(e ast.Expr, v *types.Var) bool {
	found := false
	code.Inspect(e, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok || found {
			return !found
		}
		switch u := r.info.Uses[id].(type) {
		case *types.Var:
			if u == v {
				found = true
			} else if isLocal(u) {
				for _, val := range code.Values(r.info, u, nil) {
					found = found || mentions(r.info, val, []types.Object{v})
				}
			}
		}
		return !found
	})
	return found
}

// returnsFrom reports whether every return of the body hands out a value
// related to v.
func (r *Result) returnsFrom(body *ast.BlockStmt, v *types.Var) bool {
	some, all := false, true
	walkBody(r.info, body, []ast.Node{(*ast.ReturnStmt)(nil)}, func(n ast.Node) bool {
		ret := n.(*ast.ReturnStmt)
		related := false
		for _, e := range ret.Results {
			related = related || r.relatesTo(e, v)
		}
		some, all = true, all && related
		return true
	})
	return some && all
}
