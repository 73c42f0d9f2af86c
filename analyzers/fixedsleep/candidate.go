package fixedsleep

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
	"github.com/retrylint/retrylint/analyzers/internal/lint"
	"github.com/retrylint/retrylint/analyzers/retryscope"
)

// newCandidate reports whether each attempt of a loop tries a fresh random value
// (a name, an ID, a port): the attempt's arguments use a value drawn in the loop
// from a fresh value (retryscope.Result.FreshCall: random draws, uuid
// generators, time.Now). Such a loop resolves collisions, not
// overload, so trying again at once is right (os.MkdirTemp does this).
func newCandidate(p *lint.Pass, r *retryscope.Region) bool {
	if r.Body == nil {
		return false
	}
	fresh := freshVars(p, r.Body)
	for _, call := range r.Attempts {
		found := false
		code.Inspect(call, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.Ident:
				found = found || fresh[p.TypesInfo.Uses[n]]
			case *ast.CallExpr:
				found = found || (n != call && p.Scope.FreshCall(n) != 0)
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

// freshVars returns the variables assigned in body from an expression that makes
// a fresh value.
func freshVars(p *lint.Pass, body ast.Node) map[types.Object]bool {
	out := map[types.Object]bool{}
	code.Inspect(body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != len(as.Rhs) {
			return true
		}
		for i, lhs := range as.Lhs {
			id, ok := lhs.(*ast.Ident)
			if !ok || p.Scope.FreshIn(as.Rhs[i]) == 0 {
				continue
			}
			if o := p.TypesInfo.ObjectOf(id); o != nil {
				out[o] = true
			}
		}
		return true
	})
	return out
}
