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
// overload, so trying again at once is right (os.MkdirTemp does this). In a
// function literal the attempt is given (a transaction body), only what its
// calls that may fail take counts, as for the engine's searches: a value the
// literal only logs or puts in a header asks for nothing new.
func newCandidate(p *lint.Pass, r *retryscope.Region) bool {
	if r.Body == nil {
		return false
	}
	fresh := freshVars(p, r.Body)
	for _, call := range r.Attempts {
		if takesFresh(p, call, call, fresh) {
			return true
		}
	}
	return false
}

// takesFresh reports whether n uses a fresh variable or calls for a fresh
// value (attempt itself aside); in a function literal, only through the
// arguments of its calls that may fail.
func takesFresh(p *lint.Pass, n ast.Node, attempt *ast.CallExpr, fresh map[types.Object]bool) bool {
	found := false
	code.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			found = found || freshInLiteral(p, n, fresh)
			return false
		case *ast.Ident:
			found = found || fresh[p.TypesInfo.Uses[n]]
		case *ast.CallExpr:
			found = found || (n != attempt && p.Scope.FreshCall(n) != 0)
		}
		return !found
	})
	return found
}

// freshInLiteral reports whether a call of the literal that may fail takes a
// fresh value.
func freshInLiteral(p *lint.Pass, lit *ast.FuncLit, fresh map[types.Object]bool) bool {
	found := false
	code.Inspect(lit.Body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && !found {
			if retryscope.MayFail(p.TypesInfo, call) {
				for _, a := range call.Args {
					found = found || takesFresh(p, a, nil, fresh)
				}
			}
		}
		return !found
	})
	return found
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
