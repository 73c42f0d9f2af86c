package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"
	"net/http"
	"slices"

	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/cfg"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// outcomeCheck is a condition that tells an attempt's failure from its success.
type outcomeCheck struct {
	block *cfg.Block
	// failWhenTrue says which successor is the failure path: Succs[0] when true.
	failWhenTrue bool
	// attempts are the calls whose outcome the condition tests.
	attempts []*ast.CallExpr
	vars     []types.Object
}

func (c *outcomeCheck) failure() *cfg.Block {
	if c.failWhenTrue {
		return c.block.Succs[0]
	}
	return c.block.Succs[1]
}

func (c *outcomeCheck) success() *cfg.Block {
	if c.failWhenTrue {
		return c.block.Succs[1]
	}
	return c.block.Succs[0]
}

// condOf returns the condition of a two-way block, or nil.
//
// The graph branches into a select's clauses from blocks that end in the
// clause's communication (a statement), or in nothing (the block after a
// case, KindSelectAfterCase), never in an expression. A select block that
// ends in an expression therefore ends in the condition of an if or for
// that opens a clause's body (case <-t.C: if err := f(); err != nil) or the
// default body, which the graph adds to the clause's own block: a condition
// like any other.
func condOf(b *cfg.Block) ast.Expr {
	if len(b.Succs) != 2 || len(b.Nodes) == 0 {
		return nil
	}
	e, _ := b.Nodes[len(b.Nodes)-1].(ast.Expr)
	if e != nil && b.Kind == cfg.KindSelectCaseBody && opensClause(b, e) {
		return nil
	}
	return e
}

// opensClause reports whether e is the communication's variable the graph
// puts first in a case's block (case v := <-ch: the v), not a condition.
func opensClause(b *cfg.Block, e ast.Expr) bool {
	cc, ok := b.Stmt.(*ast.CommClause)
	return ok && cc.Comm != nil && within(cc.Comm, e)
}

// outcomeTest decides whether cond tests an outcome (an error against nil, or an
// HTTP status), and returns the tested expression and whether true means failure.
// tag is the switch tag when cond is a case value of a tagged switch.
func outcomeTest(info *types.Info, cond ast.Expr, tag ast.Expr) (tested []ast.Expr, failWhenTrue, ok bool) {
	tested, failWhenTrue, known, ok := outcome(info, cond, tag)
	if !ok && tag == nil {
		if t, f, isKind := kindTest(info, cond); isKind {
			return []ast.Expr{t}, f, true
		}
		if t, f, isPredicate := predicateTest(info, cond); isPredicate {
			return t, f, true
		}
	}
	if !ok || !known {
		return nil, false, false
	}
	return tested, failWhenTrue, true
}

// outcome is outcomeTest for a condition that may be an operand of && or ||:
// known is false when the condition tests an outcome but says nothing of which
// side is the failure (a predicate over the status code, loop_statuscodes.go), which
// then follows the operands it is joined with.
func outcome(info *types.Info, cond ast.Expr, tag ast.Expr) (tested []ast.Expr, failWhenTrue, known, ok bool) {
	cond = ast.Unparen(cond)
	if tag != nil {
		t, f, ok := taggedTest(info, tag, cond)
		return []ast.Expr{t}, f, ok, ok
	}
	if u, isNot := cond.(*ast.UnaryExpr); isNot && u.Op == token.NOT {
		t, f, known, ok := outcome(info, u.X, nil)
		return t, known && !f, known, ok
	}
	if bin, isBin := cond.(*ast.BinaryExpr); isBin && (bin.Op == token.LAND || bin.Op == token.LOR) {
		// A condition on the status code alone (code >= 200 && code < 300,
		// code == 429 || code >= 500) is decided over all codes at once.
		if resp, s, isStatus := statusCondition(info, bin); isStatus {
			f, ok := statusPolarity(s)
			return []ast.Expr{resp}, f, ok, ok
		}
		return logicalTest(info, bin)
	}
	if t, f, ok := simpleTest(info, cond); ok {
		return []ast.Expr{t}, f, true, true
	}
	if resp, f, known, ok := statusPredicate(info, cond); ok {
		return []ast.Expr{resp}, f, known, true
	}
	return nil, false, false, false
}

// logicalTest handles `a && b` and `a || b` where the operands that test an
// outcome agree on what "true" means: err != nil && retryable(err) is a failure
// when true; err == nil && resp.StatusCode == 200 a success, and so is
// err == nil && resp.StatusCode < 500 (a 4xx is not retried: statusPolarity).
// An operand that tests the status without saying which side fails
// (!retryable(resp.StatusCode)) takes the meaning of the others.
func logicalTest(info *types.Info, bin *ast.BinaryExpr) ([]ast.Expr, bool, bool, bool) {
	var tested []ast.Expr
	var fail, seen, other, unknown bool
	for _, operand := range []ast.Expr{bin.X, bin.Y} {
		t, f, known, ok := outcome(info, operand, nil)
		if !ok {
			other = true
			continue
		}
		tested = append(tested, t...)
		if !known {
			unknown = true
			continue
		}
		if seen && f != fail {
			return nil, false, false, false
		}
		fail, seen = f, true
	}
	if !seen {
		// Neither operand says which side fails: the whole is as unknown as its
		// parts, unless something else is mixed in.
		if unknown && !other {
			return tested, false, false, true
		}
		return nil, false, false, false
	}
	// "err == nil && st.Done" exits on a condition of the result, not on success
	// (a poller); "err != nil || !st.Done" likewise goes round on either.
	if other && ((bin.Op == token.LAND && !fail) || (bin.Op == token.LOR && fail)) {
		return nil, false, false, false
	}
	return tested, fail, true, true
}

func simpleTest(info *types.Info, cond ast.Expr) (tested ast.Expr, failWhenTrue, ok bool) {
	bin, isBin := cond.(*ast.BinaryExpr)
	if !isBin || (bin.Op != token.EQL && bin.Op != token.NEQ && !isOrder(bin.Op)) {
		return nil, false, false
	}
	x, y := ast.Unparen(bin.X), ast.Unparen(bin.Y)
	if code.IsNil(info, y) && isErrorType(info.TypeOf(x)) && !isContextErr(info, x) {
		return x, bin.Op == token.NEQ, true
	}
	if code.IsNil(info, x) && isErrorType(info.TypeOf(y)) && !isContextErr(info, y) {
		return y, bin.Op == token.NEQ, true
	}
	if resp, fail, ok := statusTest(info, bin); ok {
		return resp, fail, true
	}
	return nil, false, false
}

func taggedTest(info *types.Info, tag, value ast.Expr) (ast.Expr, bool, bool) {
	tag = ast.Unparen(tag)
	if isErrorType(info.TypeOf(tag)) && code.IsNil(info, value) {
		return tag, false, true // case nil: true means success
	}
	if resp := statusCodeOf(info, tag); resp != nil {
		if status, ok := code.Int(info, value); ok && !isRedirectCode(status) {
			return resp, !isSuccessCode(status), true // a redirect is neither (statusPolarity)
		}
	}
	// switch resp.StatusCode / 100 { case 2: ...; case 5: ... }
	if resp, s, ok := caseSet(info, tag, value); ok {
		if fail, ok := statusPolarity(s); ok {
			return resp, fail, true
		}
	}
	return nil, false, false
}

func isOrder(op token.Token) bool {
	return op == token.LSS || op == token.LEQ || op == token.GTR || op == token.GEQ
}

// statusTest recognises a comparison of an expression of resp.StatusCode with a
// constant and says which side is a failure (statusPolarity).
func statusTest(info *types.Info, bin *ast.BinaryExpr) (ast.Expr, bool, bool) {
	resp, s, ok := statusCondition(info, bin)
	if !ok {
		return nil, false, false
	}
	fail, ok := statusPolarity(s)
	if !ok {
		return nil, false, false
	}
	return resp, fail, true
}

func compare(a int64, op token.Token, b int64) bool {
	switch op {
	case token.EQL:
		return a == b
	case token.NEQ:
		return a != b
	case token.LSS:
		return a < b
	case token.LEQ:
		return a <= b
	case token.GTR:
		return a > b
	case token.GEQ:
		return a >= b
	}
	return false
}

func mirror(op token.Token) token.Token {
	switch op {
	case token.LSS:
		return token.GTR
	case token.LEQ:
		return token.GEQ
	case token.GTR:
		return token.LSS
	case token.GEQ:
		return token.LEQ
	}
	return op
}

// statusCodeOf returns x of x.StatusCode when x is an *http.Response (or any struct
// with an int StatusCode field), else nil.
func statusCodeOf(info *types.Info, e ast.Expr) ast.Expr {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "StatusCode" {
		return nil
	}
	if v, ok := info.Uses[sel.Sel].(*types.Var); ok && v.IsField() {
		return sel.X
	}
	return nil
}

var errorType = types.Universe.Lookup("error").Type().Underlying().(*types.Interface)

func isErrorType(t types.Type) bool {
	if t == nil {
		return false
	}
	if _, ok := t.Underlying().(*types.Interface); !ok {
		// A concrete error type compared with nil is a pointer check; count it.
		_, isPtr := t.Underlying().(*types.Pointer)
		return isPtr && types.Implements(t, errorType)
	}
	return types.Implements(t, errorType)
}

// isHTTPResponse reports whether t is *net/http.Response.
func isHTTPResponse(t types.Type) bool {
	p, ok := t.(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := p.Elem().(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "net/http" && n.Obj().Name() == "Response"
}

var _ = http.StatusOK // status codes above are net/http's
func identOf(e ast.Expr) *ast.Ident {
	id, _ := ast.Unparen(e).(*ast.Ident)
	return id
}

// mentions reports whether n refers to any of the objects.
func mentions(info *types.Info, n ast.Node, objs []types.Object) bool {
	if n == nil || len(objs) == 0 {
		return false
	}
	return code.Mentions(info, n, func(o types.Object) bool { return o != nil && slices.Contains(objs, o) })
}

// enclosingPath returns the path from the file root to the node at [pos, end).
func enclosingPath(files []*ast.File, pos, end token.Pos) []ast.Node {
	for _, f := range files {
		if f.FileStart <= pos && pos <= f.FileEnd {
			path, _ := astutil.PathEnclosingInterval(f, pos, end)
			return path
		}
	}
	return nil
}

// isContextErr reports whether e is ctx.Err(): a question about the deadline, not
// the outcome of an attempt.
func isContextErr(info *types.Info, e ast.Expr) bool {
	call, ok := e.(*ast.CallExpr)
	if !ok {
		return false
	}
	fn := code.Callee(info, call)
	return fn != nil && fn.FullName() == "(context.Context).Err"
}
