package retrybody

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
	"github.com/retrylint/retrylint/analyzers/retryscope"
)

// A request the caller hands in, sent again.
//
// A function that takes an *http.Request (a RoundTrip method, a wrapper around
// Client.Do) and sends it on every attempt of a retry sends the caller's body
// once: the transport reads it to the end and closes it on the first send, even
// when the send fails, so a request with a body fails on every later attempt.
// The function cannot know the body is empty unless it looks, so the finding
// holds for any caller that sends one.
//
// Not reported: a function that does anything with the request but send it and
// read its fields (URL, Header, Method, ...): a test of req.Body or
// req.ContentLength, a reset from req.GetBody(), a Clone or WithContext, the
// request reassigned or handed to a helper may all handle the body.

// callerRequest returns the *http.Request parameter of the region's function
// that e names, when the function uses it nowhere but in HTTP sends and
// reads of requestFields, or nil.
func (c *checker) callerRequest(e ast.Expr) *types.Var {
	v := c.localVar(e)
	if v == nil || !code.IsNamed(v.Type(), "net/http", "Request") || !c.ownParam(v) {
		return nil
	}
	used := false
	code.TreeOf(c.info).WalkStack(c.r.Func, identKind, func(n ast.Node, path func() []ast.Node) bool {
		id := n.(*ast.Ident)
		if used || c.info.Uses[id] != v {
			return !used
		}
		stack := path()
		if len(stack) > 1 && c.sends(stack[len(stack)-2], id) {
			return true
		}
		if sel, ok := parentSelector(stack, id); ok && requestFields[sel.Sel.Name] && !assigned(stack, sel) {
			return true
		}
		used = true
		return false
	})
	if used {
		return nil
	}
	return v
}

// callerMessage is the finding for a send of the caller's request v.
func (c *checker) callerMessage(v *types.Var) string {
	return "request " + v.Name() + ", the caller's, is sent again on every attempt of the " + c.r.Kind.String() +
		", but the first send consumes and closes its body: a request with a body fails on every later attempt; send a clone with its body from " +
		v.Name() + ".GetBody() on each attempt, or do not retry a request whose body cannot be replayed"
}

// sends reports whether n is an HTTP send of id.
func (c *checker) sends(n ast.Node, id *ast.Ident) bool {
	call, ok := n.(*ast.CallExpr)
	if !ok {
		return false
	}
	req, _ := retryscope.HTTPSend(c.info, call)
	return req != nil && ast.Unparen(req) == id
}

// ownParam reports whether v is a parameter of the region's function.
func (c *checker) ownParam(v *types.Var) bool {
	fn, _ := code.ParamOf(c.info, v)
	return fn != nil && fn == c.r.Func
}

// reportResent reports the sends of the caller's request that the region's
// attempts leave out (a send a round may skip, after a pick that can fail)
// but after which the loop goes round: the send runs again.
func (c *checker) reportResent(seen map[token.Pos]bool) {
	if c.r.Kind != retryscope.LoopRegion {
		return
	}
	code.TreeOf(c.info).WalkStack(c.r.Body, callKinds, func(n ast.Node, path func() []ast.Node) bool {
		call := n.(*ast.CallExpr)
		if seen[call.Pos()] || c.r.Repeats(call) {
			return true
		}
		req, _ := retryscope.HTTPSend(c.info, call)
		if req == nil {
			return true
		}
		if v := c.callerRequest(req); v != nil && c.goesRoundAfter(path()) {
			seen[call.Pos()] = true
			c.p.Reportf(call, "%s", c.callerMessage(v))
		}
		return true
	})
}

// goesRoundAfter reports whether the loop can go round after the node at the
// top of stack (the nodes from the loop's body down to it): a statement after
// it in an enclosing block goes back to the next round (a continue), or no
// return or jump follows it on its way out to the end of the loop's body.
// A function literal on the way gives no answer.
func (c *checker) goesRoundAfter(stack []ast.Node) bool {
	for i := len(stack) - 2; i >= 0; i-- {
		switch p := stack[i].(type) {
		case *ast.FuncLit:
			return false
		case *ast.BlockStmt:
			if st, ok := stack[i+1].(ast.Stmt); ok && leaves(st) {
				return false // return send(req)
			}
			for _, st := range following(p, stack[i+1]) {
				if c.wayBackIn(stack[:i+1], st) {
					return true
				}
				if leaves(st) {
					return false
				}
			}
		}
		if stack[i] == c.r.Body {
			return true // falls off the end of the round
		}
	}
	return false
}

// following returns the statements of block after child.
func following(block *ast.BlockStmt, child ast.Node) []ast.Stmt {
	for i, st := range block.List {
		if st == child {
			return block.List[i+1:]
		}
	}
	return nil
}

// wayBackIn reports whether st, a statement of the block at the top of outer
// (the nodes from the loop's body down to it), holds a statement that goes
// back to the next round.
func (c *checker) wayBackIn(outer []ast.Node, st ast.Stmt) bool {
	found := false
	code.WalkStack(st, func(n ast.Node, inner []ast.Node) bool {
		if _, lit := n.(*ast.FuncLit); lit || found {
			return false
		}
		if exit, ok := n.(*ast.BranchStmt); ok {
			found = c.p.Scope.GoesBack(c.r, exit, append(outer[:len(outer):len(outer)], inner...))
		}
		return !found
	})
	return found
}

// leaves reports whether st always leaves the way it came: a return or a jump.
func leaves(st ast.Stmt) bool {
	switch st.(type) {
	case *ast.ReturnStmt, *ast.BranchStmt:
		return true
	}
	return false
}
