package retryleak

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
	"github.com/retrylint/retrylint/analyzers/retryscope"
)

// A retry predicate's yes.
//
// A retry loop may hand the attempt's response to a retry predicate of the
// package and leave on no (`if !shouldRetry(resp, err) { return resp, err }`,
// or with the answer kept: `again, wait := shouldRetry(resp, err, n); if
// !again { break }`), going round on yes. When the predicate says yes under a
// failed-status test of that response (`if err != nil || resp.StatusCode >=
// 500 { return true }`, `return resp.StatusCode >= 500`) and only reads it,
// the yes path holds a failed response: the loop must close it before the next
// attempt. Not reported: a predicate that touches the body, one that says yes
// for errors only, a yes path that closes or hands on the response or cannot
// go back.

// predicateLeak returns the response left open on the yes path of a retry
// predicate tested by ifs, and the predicate's name; nil when there is none.
func (c *checker) predicateLeak(ifs *ast.IfStmt, stack []ast.Node) (*types.Var, string) {
	not, isNot := ast.Unparen(ifs.Cond).(*ast.UnaryExpr)
	if c.r.Kind != retryscope.LoopRegion || ifs.Else != nil || ifs.Init != nil || !isNot || not.Op != token.NOT || len(stack) < 2 || !leaves(ifs.Body) {
		return nil, ""
	}
	block, inBody := stack[len(stack)-2].(*ast.BlockStmt)
	call := retryscope.RetryPredicateCall(c.info, not.X)
	if !inBody || block != c.r.Body || call == nil {
		return nil, ""
	}
	for _, resp := range c.failedTo(call, ifs.Cond) {
		got := c.gotInAttempt(resp, ifs)
		if got == nil || c.handled(resp, got.End(), call.Pos()) || c.handled(resp, call.End(), ifs.Body.Pos()) || c.handled(resp, ifs.End(), block.End()) {
			continue
		}
		if c.yesGoesBack(block, ifs, stack[:len(stack)-1]) {
			return resp, code.Callee(c.info, call).Name()
		}
	}
	return nil, ""
}

// failedTo returns the responses handed to a retry predicate of the package
// that it answers yes for when they failed, reading them only
// (saysYesFailed), where cond reads its answer.
func (c *checker) failedTo(call *ast.CallExpr, cond ast.Expr) []*types.Var {
	decl := c.res.FuncDecl(code.Callee(c.info, call))
	if decl == nil || decl.Body == nil {
		return nil
	}
	params := retryscope.Params(c.info, decl.Type)
	answer := answerIndex(c.info, cond)
	var out []*types.Var
	for i, arg := range call.Args {
		resp := c.responseVar(arg)
		if resp != nil && i < len(params) && params[i] != nil && c.saysYesFailed(decl.Body, params[i], answer) {
			out = append(out, resp)
		}
	}
	return out
}

// leaves reports whether a branch ends by leaving the loop: break or return.
func leaves(body *ast.BlockStmt) bool {
	if len(body.List) == 0 {
		return false
	}
	switch s := body.List[len(body.List)-1].(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.BranchStmt:
		return s.Tok == token.BREAK && s.Label == nil
	}
	return false
}

// yesGoesBack reports whether the statements after ifs in block (the loop's
// body, reached through stack) can go back to the next attempt: none, a
// continue of the loop among them, or a last one that is plain code (a wait).
func (c *checker) yesGoesBack(block *ast.BlockStmt, ifs *ast.IfStmt, stack []ast.Node) bool {
	var rest []ast.Stmt
	for i, s := range block.List {
		if s == ifs {
			rest = block.List[i+1:]
		}
	}
	if len(rest) == 0 {
		return true
	}
	back := false
	for _, s := range rest {
		code.WalkStack(s, func(n ast.Node, inner []ast.Node) bool {
			if b, ok := n.(ast.Stmt); ok && !back {
				back = c.res.GoesBack(c.r, b, append(append([]ast.Node{}, stack...), inner...))
			}
			return !back
		})
	}
	switch last := rest[len(rest)-1].(type) {
	case *ast.ExprStmt:
		call, isCall := ast.Unparen(last.X).(*ast.CallExpr)
		return back || !isCall || !retryscope.NoReturn(c.info, call)
	case *ast.AssignStmt, *ast.IncDecStmt, *ast.DeclStmt:
		return true
	}
	return back
}

// saysYesFailed reports whether a predicate's body only reads its response
// parameter p (readsOnly, or through a helper: readsThrough) and answers true
// under a failed-status test of it: a return of true (its result answer)
// inside the branch of such a test, or a return of the test.
func (c *checker) saysYesFailed(body *ast.BlockStmt, p *types.Var, answer int) bool {
	onlyRead, yes := true, false
	code.WalkStack(body, func(n ast.Node, stack []ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			if c.info.Uses[n] == p && !readsOnly(stack[len(stack)-2], n) && !c.readsThrough(stack[len(stack)-2], n, readDepth) {
				onlyRead = false
			}
		case *ast.ReturnStmt:
			yes = yes || len(n.Results) > answer && c.failedYes(n.Results[answer], stack, p)
		case *ast.FuncLit:
			return false
		}
		return true
	})
	return onlyRead && yes
}

// failedYes reports whether answer, the first result of the return ending
// stack, is true for a failed response p: the constant true inside the body
// of an if that tests p failed, or such a test itself.
func (c *checker) failedYes(answer ast.Expr, stack []ast.Node, p *types.Var) bool {
	if tv, ok := c.info.Types[answer]; ok && tv.Value != nil {
		if tv.Value.Kind() != constant.Bool || !constant.BoolVal(tv.Value) {
			return false
		}
		for i := len(stack) - 2; i > 0; i-- {
			if ifs, ok := stack[i-1].(*ast.IfStmt); ok && stack[i] == ifs.Body && c.testsFailed(ifs.Cond, p) {
				return true
			}
		}
		return false
	}
	return c.testsFailed(answer, p)
}

func (c *checker) testsFailed(cond ast.Expr, p *types.Var) bool {
	resp, _ := failedResponse(c.info, cond)
	id, ok := ast.Unparen(resp).(*ast.Ident)
	return ok && c.info.Uses[id] == p
}
