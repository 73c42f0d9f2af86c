package idempotencykey

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A POST with no body whose response is read for its Location (the URL of
// what it opened: a resumable upload session, a job handle) applies nothing
// twice when repeated: a lost answer leaves at worst an unused handle behind.
// Such a send is an opening, not a mutation, and needs no idempotency key. A
// POST with a body, or an empty one whose Location is not read (a trigger),
// is still reported.

// emptyBody reports whether every builder of the request gave it no body
// (nil or http.NoBody).
func (r *request) emptyBody(info *types.Info) bool {
	if len(r.bodies) == 0 {
		return false
	}
	for _, b := range r.bodies {
		if b == nil {
			return false
		}
		if tv, ok := info.Types[b]; ok && tv.IsNil() {
			continue
		}
		if code.IsObject(info.Uses[code.NameIdent(b)], "net/http", "NoBody") {
			continue
		}
		return false
	}
	return true
}

// opensSession reports whether the send's response is read for its Location:
// resp.Header.Get("Location") or resp.Location().
func (c *checker) opensSession(s *send) bool {
	var resps []types.Object
	for _, f := range c.p.Files {
		for _, d := range code.DefsIn(c.info, f.Pos(), f.End()) {
			if d.Value == ast.Expr(s.call) && d.ByName() && d.Var != nil && code.IsNamed(derefType(d.Var.Type()), "net/http", "Response") {
				resps = append(resps, d.Var)
			}
		}
	}
	found := false
	for _, resp := range resps {
		scope := resp.Parent()
		if scope == nil {
			continue
		}
		for _, f := range c.p.Files {
			if f.Pos() > scope.Pos() || scope.End() > f.End() {
				continue
			}
			code.Inspect(f, func(n ast.Node) bool {
				if call, ok := n.(*ast.CallExpr); ok && c.readsLocation(call, resp) {
					found = true
				}
				return !found
			})
		}
	}
	return found
}

// readsLocation reports whether call is resp.Header.Get("Location") or
// resp.Location().
func (c *checker) readsLocation(call *ast.CallExpr, resp types.Object) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || code.Root(c.info, sel.X, code.ThroughIndex) != resp {
		return false
	}
	switch sel.Sel.Name {
	case "Location":
		return len(call.Args) == 0
	case "Get":
		if len(call.Args) != 1 {
			return false
		}
		s, ok := code.String(c.info, call.Args[0])
		return ok && s == "Location"
	}
	return false
}

func derefType(t types.Type) types.Type {
	if p, ok := t.(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}
