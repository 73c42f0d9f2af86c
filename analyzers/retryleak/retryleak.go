// Package retryleak defines an Analyzer that reports a retry that goes back to
// the next attempt without closing the failed attempt's response body.
//
// # A response dropped on the way to the next attempt
//
// An attempt gets an *http.Response, a status check finds it failed (or a
// redirect to follow), and the path goes back to the next attempt (continue in a retry loop, an error
// returned from a retry callback) without closing the response's body. The
// connection stays busy until the garbage collector finds the body; every failed
// attempt holds one more, and under a retry storm the client runs out of
// connections exactly when the dependency is struggling. bodyclose judges a
// function as a whole; this rule follows the path back to the next attempt.
// A failure test joined with a set of codes of unknown meaning
// (retryable(code) && !accepted[code] || extra[code]) still sends its failures
// down the branch, so the branch is read by that test.
//
// The same holds for the way out: after a for { } status-retry loop that
// keeps the last response in a variable declared outside it, a return of an
// error that drops that response (the give-up when tries run out) leaks the
// last attempt's connection (giveup.go). A poll condition that answers "not
// yet" with the response open goes round alike (pollanswer.go).
//
// Not reported: a failure path that closes the body (directly, through a
// helper that gets the response or its body, or a close deferred earlier in a
// per-attempt callback), that hands the response on (returned to the caller),
// or any response the attempt otherwise passes on before the check; a response
// assigned outside the attempt.
package retryleak

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
	"github.com/retrylint/retrylint/analyzers/internal/lint"
	"github.com/retrylint/retrylint/analyzers/retryscope"
)

const doc = `report retries that go back to the next attempt without closing a response body

A failed status check in a retry attempt that continues the loop (or returns an
error from a retry callback) without closing the response body leaks a
connection per failed attempt.`

// Analyzer reports response bodies left open on the way to the next attempt.
var Analyzer = lint.New("retryleak", doc, run)

func run(p *lint.Pass) error {
	seen := map[token.Pos]bool{}
	for _, r := range p.Scope.Regions {
		if !r.Remote() || r.Body == nil || r.Kind == retryscope.RecursionRegion {
			continue
		}
		c := &checker{info: p.TypesInfo, res: p.Scope, r: r}
		// Not Repeats: the check after the attempt's call runs again when its branch continues.
		code.TreeOf(p.TypesInfo).WalkStack(r.Body, ifKinds, func(n ast.Node, stack func() []ast.Node) bool {
			if exit, resp, redirect := c.leak(n.(*ast.IfStmt), stack()); exit != nil && !seen[exit.Pos()] {
				seen[exit.Pos()] = true
				p.Reportf(exit, "%s", c.message(exit, resp, redirect))
			} else if resp, pred := c.predicateLeak(n.(*ast.IfStmt), stack()); resp != nil && !seen[n.Pos()] {
				seen[n.Pos()] = true
				p.Reportf(n, "%s", c.predicateMessage(resp, pred))
			} else if resp, pred := c.yesBranchLeak(n.(*ast.IfStmt), stack()); resp != nil && !seen[n.Pos()] {
				seen[n.Pos()] = true
				p.Reportf(n, "%s", c.predicateMessage(resp, pred))
			}
			return true
		})
		c.reportGiveUps(p, seen)
	}
	reportPollConditions(p, seen)
	return nil
}

var (
	ifKinds     = []ast.Node{(*ast.IfStmt)(nil)}
	assignKinds = []ast.Node{(*ast.AssignStmt)(nil)}
	identKind   = []ast.Node{(*ast.Ident)(nil)}
)

type checker struct {
	info *types.Info
	res  *retryscope.Result
	r    *retryscope.Region
}

func (c *checker) message(exit ast.Stmt, resp *types.Var, redirect bool) string {
	how := "goes back to the next attempt"
	if _, ok := exit.(*ast.ReturnStmt); ok {
		how = "returns to the retry for the next attempt"
	}
	what, each := "failed response ", "each failed attempt"
	if redirect {
		what, each = "redirect response ", "each redirect"
	}
	return what + resp.Name() + " " + how + " without closing " + resp.Name() +
		".Body: " + each + " leaks a connection; close it (drain it first to reuse the connection) before retrying"
}

func (c *checker) predicateMessage(resp *types.Var, pred string) string {
	return "failed response " + resp.Name() + " goes back to the next attempt when " + pred + " says to retry, without closing " + resp.Name() +
		".Body: each failed attempt leaks a connection; close it (drain it first to reuse the connection) before retrying"
}

// leak returns the statement that ends a failure path of ifs back to the next
// attempt, the response left open on it, or nil, and whether the check takes
// redirects only.
func (c *checker) leak(ifs *ast.IfStmt, stack []ast.Node) (ast.Stmt, *types.Var, bool) {
	e, has := failedResponse(c.info, ifs.Cond)
	if e == nil || len(ifs.Body.List) == 0 {
		return nil, nil, false
	}
	resp := c.responseVar(e)
	if resp == nil {
		return nil, nil, false
	}
	exit := ifs.Body.List[len(ifs.Body.List)-1]
	if !c.res.GoesBack(c.r, exit, stack) {
		return nil, nil, false
	}
	got := c.gotInAttempt(resp, ifs)
	if got == nil || c.handled(resp, got.End(), ifs.Cond.Pos()) || c.handled(resp, ifs.Body.Pos(), ifs.Body.End()) {
		return nil, nil, false
	}
	return exit, resp, redirectsOnly(has)
}

// redirectsOnly reports whether the known codes of a check are all 3xx.
func redirectsOnly(has func(int64) bool) bool {
	if has == nil {
		return false
	}
	seen := false
	for code := int64(100); code < 600; code++ {
		if has(code) {
			if code < 300 || code >= 400 {
				return false
			}
			seen = true
		}
	}
	return seen
}

// responseVar returns the local variable a response expression names.
func (c *checker) responseVar(e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := c.info.Uses[id].(*types.Var)
	if !ok || v.IsField() || !retryscope.IsHTTPResponse(v.Type()) {
		return nil
	}
	return v
}

// gotInAttempt returns the assignment in the attempt's code, before ifs (the
// check, or the statement that drops the response), that stores a call's
// response in resp, or nil.
func (c *checker) gotInAttempt(resp *types.Var, ifs ast.Node) ast.Node {
	var got ast.Node
	code.TreeOf(c.info).Inspect(c.r.Body, assignKinds, func(n ast.Node) bool {
		as := n.(*ast.AssignStmt)
		if as.End() > ifs.Pos() {
			return got == nil
		}
		for i, lhs := range as.Lhs {
			id, ok := lhs.(*ast.Ident)
			if !ok || (c.info.Defs[id] != resp && c.info.Uses[id] != resp) {
				continue
			}
			if _, isCall := ast.Unparen(code.RHS(as.Rhs, len(as.Lhs), i)).(*ast.CallExpr); isCall {
				got = as
			}
		}
		return true
	})
	return got
}

// readOnly are the response's fields a failure path may read without taking
// care of the body.
var readOnly = map[string]bool{
	"StatusCode": true, "Status": true, "Header": true, "Proto": true, "ProtoMajor": true,
	"ProtoMinor": true, "ContentLength": true, "Request": true, "Trailer": true,
}

// handled reports whether resp is used in [pos, end) in any way but reading a
// field other than Body: a close, a drain, a helper that gets the response or
// its body, a return that hands it on, a deferred close.
func (c *checker) handled(resp *types.Var, pos, end token.Pos) bool {
	found := false
	code.TreeOf(c.info).WalkStack(c.r.Body, identKind, func(n ast.Node, path func() []ast.Node) bool {
		id := n.(*ast.Ident)
		if found || id.Pos() < pos || id.Pos() >= end || c.info.Uses[id] != resp {
			return !found
		}
		if stack := path(); len(stack) > 1 && readsOnly(stack[len(stack)-2], id) {
			return true
		}
		found = true
		return false
	})
	return found
}

// readsOnly reports whether parent uses id without taking care of its body: a
// field read other than Body, or a comparison (resp != nil).
func readsOnly(parent ast.Node, id *ast.Ident) bool {
	switch p := parent.(type) {
	case *ast.SelectorExpr:
		return p.X == id && readOnly[p.Sel.Name]
	case *ast.BinaryExpr:
		return p.Op == token.EQL || p.Op == token.NEQ
	}
	return false
}
