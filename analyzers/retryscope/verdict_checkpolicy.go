package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A policy asked in the check itself. A loop may tell a failure to retry
// from one to give up on by the policy's answer alone, before any test of
// the error (for { v, err := get(ctx); if c.onFailure(ctx, err) { continue };
// if err != nil { return err } }): the policy's call is then the outcome
// check, and the way from its "again" side to the next attempt passes no
// further test. Its answer decides as one asked on the failure path does
// (verdict_policy.go): a func value or interface out of reach classifies,
// bounds and may wait; one the package shows is read.

// checkPolicyVerdict returns the policy call that is itself the condition of
// one of the ways' outcome checks, or nil.
func (w *retryWays) checkPolicyVerdict() *ast.CallExpr {
	for _, c := range w.checks {
		vars := derivedErrors(w.f.info, w.f.fn.body, c.vars)
		if call := w.verdictAt(c.block, vars, w.f.policyCall); call != nil && wholeIfCondition(w.f.info, call) {
			return call
		}
	}
	return nil
}

// wholeIfCondition reports whether call, or its negation, is the whole
// condition of an if statement. A policy joined with a test of the error
// (if err == nil || !again(err) { return err }) is a verdict wrapper's
// callback, read at its call sites (verdict_calls.go).
func wholeIfCondition(info *types.Info, call *ast.CallExpr) bool {
	var cond ast.Node = call
	path := code.TreeOf(info).Enclosing(call)
	if len(path) < 2 {
		return false
	}
	for _, n := range path[1:] {
		switch n := n.(type) {
		case *ast.ParenExpr:
			cond = n
			continue
		case *ast.UnaryExpr:
			if n.Op == token.NOT {
				cond = n
				continue
			}
		case *ast.IfStmt:
			return n.Cond == cond
		}
		return false
	}
	return false
}
