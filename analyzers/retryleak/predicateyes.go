package retryleak

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
	"github.com/retrylint/retrylint/analyzers/retryscope"
)

// A retry predicate's yes, tested as it is.
//
// The loop may branch on the yes (`_, retry, wait := shouldRetry(resp, err);
// if retry { ...; continue }`) rather than leave on the no: the branch then
// holds the failed response on its way back. It may give up first (`if n >=
// max { return resp, err }`): that return hands the response on only on the
// way out, and the way back still drops it. The predicate may give its answer
// beside other results (the engine's reading of a held answer), and may read
// the response through a helper of the package that only reads it too (a
// Retry-After header parsed). Reported under the same conditions as the
// predicate's no (predicateLeak); not reported when the branch closes or
// hands on the response on its way back.

// readDepth bounds how many helpers a response is followed through.
const readDepth = 2

// yesBranchLeak returns the response left open in the branch ifs takes when
// a retry predicate says yes and that goes back to the next attempt, and the
// predicate's name; nil when there is none.
func (c *checker) yesBranchLeak(ifs *ast.IfStmt, stack []ast.Node) (*types.Var, string) {
	if c.r.Kind != retryscope.LoopRegion || ifs.Init != nil || ifs.Else != nil || len(ifs.Body.List) == 0 {
		return nil, ""
	}
	call := retryscope.RetryPredicateCall(c.info, ifs.Cond)
	if call == nil || !c.res.GoesBack(c.r, ifs.Body.List[len(ifs.Body.List)-1], append(stack[:len(stack):len(stack)], ifs.Body)) {
		return nil, ""
	}
	for _, resp := range c.failedTo(call, ifs.Cond) { // predicate.go
		got := c.gotInAttempt(resp, ifs)
		if got == nil || c.handled(resp, got.End(), call.Pos()) || c.handled(resp, call.End(), ifs.Body.Pos()) || c.handledOnWayBack(resp, ifs.Body) {
			continue
		}
		return resp, code.Callee(c.info, call).Name()
	}
	return nil, ""
}

// answerIndex is the result of the predicate that a test reads: the one a
// held answer was filled with, else the first.
func answerIndex(info *types.Info, cond ast.Expr) int {
	if not, ok := ast.Unparen(cond).(*ast.UnaryExpr); ok && not.Op == token.NOT {
		cond = not.X
	}
	id, ok := ast.Unparen(cond).(*ast.Ident)
	if !ok {
		return 0
	}
	v, _ := info.Uses[id].(*types.Var)
	_, index := code.FilledBy(info, v)
	return index
}

// handledOnWayBack reports whether the statements of body take care of resp
// on the way back: a give-up branch (an if without else that leaves) counts
// by its condition only.
func (c *checker) handledOnWayBack(resp *types.Var, body *ast.BlockStmt) bool {
	for _, s := range body.List {
		if ifs, ok := s.(*ast.IfStmt); ok && ifs.Else == nil && leaves(ifs.Body) {
			if c.handled(resp, ifs.Pos(), ifs.Body.Pos()) {
				return true
			}
			continue
		}
		if c.handled(resp, s.Pos(), s.End()) {
			return true
		}
	}
	return false
}

// readsThrough reports whether parent hands id to a function of the package
// whose parameter only reads it (readsOnly, or handed on the same way).
func (c *checker) readsThrough(parent ast.Node, id *ast.Ident, depth int) bool {
	call, ok := parent.(*ast.CallExpr)
	if !ok || depth == 0 {
		return false
	}
	decl := c.res.FuncDecl(code.Callee(c.info, call))
	if decl == nil || decl.Body == nil {
		return false
	}
	params := retryscope.Params(c.info, decl.Type)
	for i, a := range call.Args {
		if a != id || i >= len(params) || params[i] == nil || call.Ellipsis.IsValid() {
			continue
		}
		return c.onlyReads(decl.Body, params[i], depth-1)
	}
	return false
}

// onlyReads reports whether every use of p in body reads a field other than
// Body, compares p, or hands it to a helper that only reads it.
func (c *checker) onlyReads(body ast.Node, p *types.Var, depth int) bool {
	ok := true
	code.WalkStack(body, func(n ast.Node, stack []ast.Node) bool {
		if id, isIdent := n.(*ast.Ident); isIdent && ok && c.info.Uses[id] == p && len(stack) > 1 {
			parent := stack[len(stack)-2]
			ok = readsOnly(parent, id) || c.readsThrough(parent, id, depth)
		}
		return ok
	})
	return ok
}
