package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// Where an escalation's credentials live (loop_authescalate.go): a field of
// the attempt's input named for them (opts.Token = tok before send(u, opts)),
// a field the attempt reads back (c.token = tok before c.do(req)), or one a
// getter of the round reads before the attempt (prev := d.authToken(), put in
// the request's header, after d.refresh(prev) wrote d.token on the way back).

// roundGetters returns the calls of this package's methods that the round
// makes before its first attempt, outside function literals: what they read
// is what the attempt is sent with.
func (f *flow) roundGetters(l *loop, c *outcomeCheck) []*ast.CallExpr {
	first := token.NoPos
	for _, a := range c.attempts {
		if first == token.NoPos || a.Pos() < first {
			first = a.Pos()
		}
	}
	var out []*ast.CallExpr
	code.Inspect(loopBody(l.stmt), func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if _, node := f.methodCalled(n); node != nil && n.End() <= first {
				out = append(out, n)
			}
		}
		return true
	})
	return out
}

// setsCredentialField reports whether lhs, assigned anew by as, is a field of
// an attempt's input named for credentials, or a field of a variable whose
// fields the attempt reads (fields).
func (f *flow) setsCredentialField(as *ast.AssignStmt, lhs ast.Expr, fields map[types.Object][]types.Object, inputs map[types.Object]bool) bool {
	sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr)
	if !ok || as.Tok != token.ASSIGN {
		return false
	}
	s := f.info.Selections[sel]
	if s == nil || s.Kind() != types.FieldVal {
		return false
	}
	for _, rhs := range as.Rhs {
		if mentions(f.info, rhs, []types.Object{s.Obj()}) {
			return false // a count or an append, not other credentials
		}
	}
	root := code.Root(f.info, sel.X, code.ThroughUnary)
	return inputs[root] && namesCredential(sel.Sel.Name) || slices.Contains(fields[root], s.Obj())
}

// namesCredential reports whether a name says it holds credentials: Token,
// AccessToken, Auth, Creds, Password, Secret, Bearer.
func namesCredential(name string) bool {
	return code.NameSays(name, "token", "auth", "cred", "passw", "secret", "bearer")
}
