package idempotencykey

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
	"github.com/retrylint/retrylint/analyzers/retryscope"
)

// A 429 Too Many Requests or a 503 Service Unavailable says the server did not
// process the request (RFC 9110 15.6.4, RFC 6585 4): a retry whose predicate
// (retry.RetryIf(f) and the like) says yes only to those answers never repeats
// an attempt whose outcome is unknown, so a POST retried that way is applied
// once. A predicate that says yes to anything else, or whose answer comes from
// another call, leaves the region judged as before.

// rejectionStatus are the status codes that mean "not processed".
var rejectionStatus = map[int64]bool{429: true, 503: true}

// retriesOnlyRejections reports whether the region's retry predicate answers
// true only for a 429 or 503 status.
func (c *checker) retriesOnlyRejections(r *retryscope.Region) bool {
	if r.Helper == nil {
		return false
	}
	for _, s := range r.Helper.Settings {
		if !c.p.Knowledge.IsClassifierName(s.Name) || len(s.Args) != 1 {
			continue
		}
		if body := c.predicateBody(s.Args[0].Expr); body != nil && c.trueOnlyOnRejection(body) {
			return true
		}
	}
	return false
}

// predicateBody returns the body of a func(error) bool given as an option's
// argument: a function literal or a function of the package.
func (c *checker) predicateBody(e ast.Expr) *ast.BlockStmt {
	t := c.info.TypeOf(e)
	if t == nil {
		return nil
	}
	sig, ok := t.Underlying().(*types.Signature)
	if !ok || sig.Params().Len() != 1 || !code.IsError(sig.Params().At(0).Type()) || sig.Results().Len() != 1 {
		return nil
	}
	if lit, ok := ast.Unparen(e).(*ast.FuncLit); ok {
		return lit.Body
	}
	fn := code.NamedFunc(c.info, e)
	if fn == nil {
		return nil
	}
	if d := c.p.Scope.FuncDecl(fn); d != nil {
		return d.Body
	}
	return nil
}

// trueOnlyOnRejection reports whether every return of body gives false or a
// disjunction of status == 429/503 tests (a function literal inside is not
// the predicate's own return).
func (c *checker) trueOnlyOnRejection(body *ast.BlockStmt) bool {
	ok, returns := true, 0
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			returns++
			ok = ok && len(n.Results) == 1 && (code.IsBool(c.info, n.Results[0], false) || c.rejectionTest(n.Results[0]))
		}
		return ok
	})
	return ok && returns > 0
}

// rejectionTest reports whether e is x == 429, x == 503, or an || of such tests.
func (c *checker) rejectionTest(e ast.Expr) bool {
	b, ok := ast.Unparen(e).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	switch b.Op {
	case token.LOR:
		return c.rejectionTest(b.X) && c.rejectionTest(b.Y)
	case token.EQL:
		n, isConst := code.Int(c.info, b.Y)
		if !isConst {
			n, isConst = code.Int(c.info, b.X)
		}
		return isConst && rejectionStatus[n]
	}
	return false
}
