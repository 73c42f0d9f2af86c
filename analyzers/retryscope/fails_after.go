package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"
	"sync"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// FailureAfter returns an attempt call that can run after the statement at the
// top of stack (the nodes from r.Body down to it) in the same attempt, and
// whose failure goes back to the next attempt; nil when none provably does.
// The proof is a way back that can follow the statement (a continue of the
// retry loop, a return of an error the helper retries; the call named is the
// last attempt call before it), or in a retry loop one of the region's attempt
// calls (whose failure goes round) that can follow it. A recursive retry, a
// function literal inside the attempt (it may run later, or never) and a
// labeled jump give no answer.
func (res *Result) FailureAfter(r *Region, stack []ast.Node) *ast.CallExpr {
	if r.Kind == RecursionRegion || len(stack) < 2 {
		return nil
	}
	after := r.codeAfter(res.info, stack)
	if len(after) == 0 {
		return nil
	}
	if call := res.wayBackAfter(r, after); call != nil {
		return call
	}
	if r.Kind == LoopRegion {
		return attemptCallIn(r.Attempts, after, token.NoPos)
	}
	return nil
}

// attemptCallIn returns the first of calls within after, or, when end is
// valid, the last of them that starts before end.
func attemptCallIn(calls []*ast.CallExpr, after spans, end token.Pos) *ast.CallExpr {
	var best *ast.CallExpr
	for _, call := range calls {
		if !after.has(call.Pos()) || (end.IsValid() && call.Pos() >= end) {
			continue
		}
		if best == nil || (end.IsValid() == (call.Pos() > best.Pos())) {
			best = call
		}
	}
	return best
}

// wayBackAfter returns, for the first way back to the next attempt within
// after, the last call of the attempt before it (within after) that can fail
// with an error, or nil.
func (res *Result) wayBackAfter(r *Region, after spans) *ast.CallExpr {
	var found *ast.CallExpr
	body, _ := r.Body.(*ast.BlockStmt)
	calls := sync.OnceValue(func() []*ast.CallExpr { return errorCalls(res.info, body) })
	code.TreeOf(res.info).WalkStack(r.Body, exitKinds, func(n ast.Node, stack func() []ast.Node) bool {
		if found != nil {
			return false
		}
		if _, lit := n.(*ast.FuncLit); lit {
			return false
		}
		if exit := n.(ast.Stmt); after.has(exit.Pos()) && res.GoesBack(r, exit, stack()) {
			found = attemptCallIn(calls(), after, exit.End())
		}
		return found == nil
	})
	return found
}

var exitKinds = []ast.Node{(*ast.ReturnStmt)(nil), (*ast.BranchStmt)(nil), (*ast.FuncLit)(nil)}

// spans are source ranges [from, to) of statements.
type spans [][2]token.Pos

func (s spans) has(p token.Pos) bool {
	for _, sp := range s {
		if sp[0] <= p && p < sp[1] {
			return true
		}
	}
	return false
}

// codeAfter returns the statements of the attempt that can run after the one
// at the top of stack: those that follow it in each enclosing block up to the
// first jump or return, and the whole of each loop inside the attempt that it
// leaves to go round. It under-approximates: a labeled jump, goto or
// fallthrough stops it.
func (r *Region) codeAfter(info *types.Info, stack []ast.Node) spans {
	var out spans
	cur := stack[len(stack)-1]
	jump := token.ILLEGAL // an unlabeled break or continue on its way out
	for i := len(stack) - 2; i >= 0; i-- {
		switch p := stack[i].(type) {
		case *ast.FuncLit:
			return nil
		case *ast.BlockStmt, *ast.CaseClause, *ast.CommClause:
			if jump != token.ILLEGAL {
				break
			}
			rest, stop := following(info, p, cur)
			out = append(out, rest...)
			if stop != nil {
				if jump = loopJump(stop); jump == token.ILLEGAL {
					return out
				}
			}
		case *ast.ForStmt, *ast.RangeStmt:
			if jump != token.BREAK {
				out = append(out, [2]token.Pos{p.Pos(), p.End()}) // the next iteration
			}
			jump = token.ILLEGAL
		case *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
			if jump == token.BREAK {
				jump = token.ILLEGAL
			}
		}
		if stack[i] == r.Body {
			break
		}
		cur = stack[i]
	}
	return out
}

// following returns the statements of the list p after cur, up to and with
// the first that jumps or returns (stop), and stop.
func following(info *types.Info, p ast.Node, cur ast.Node) (spans, ast.Stmt) {
	list := code.StmtList(p) // in a select case, cur is its send or receive, before the body
	start := 0
	for i, s := range list {
		if s == cur {
			start = i + 1
		}
	}
	var out spans
	for _, s := range list[start:] {
		out = append(out, [2]token.Pos{s.Pos(), s.End()})
		if jumps(info, s) {
			return out, s
		}
	}
	return out, nil
}

// jumps reports whether s never falls through to the next statement.
func jumps(info *types.Info, s ast.Stmt) bool {
	switch x := s.(type) {
	case *ast.ReturnStmt, *ast.BranchStmt:
		return true
	case *ast.ExprStmt:
		call, ok := x.X.(*ast.CallExpr)
		return ok && code.IsPanic(info, call)
	}
	return false
}

// loopJump is the token of an unlabeled break or continue, ILLEGAL otherwise.
func loopJump(s ast.Stmt) token.Token {
	if b, ok := s.(*ast.BranchStmt); ok && b.Label == nil && (b.Tok == token.BREAK || b.Tok == token.CONTINUE) {
		return b.Tok
	}
	return token.ILLEGAL
}
