package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A callback that counts failures and, past a limit, returns its library's
// stop mark bounds a helper set to retry without end:
//
//	fails := 0
//	delay := func(n uint, err error, c *retry.Config) time.Duration { fails++; ... }
//	retry.Do(func() error {
//		err := connect()
//		if fails >= max {
//			return retry.Unrecoverable(err)
//		}
//		return err
//	}, retry.DelayType(delay), retry.Attempts(0))
//
// The library stops on the marked error, so the count is the retry's limit
// as an attempt count would be. The counter is a variable or field declared
// outside the callback, counted up (n++, n += k) in the function that calls
// the helper (the callback or an option's closure), and never set anew in
// the callback: a count reset each attempt never reaches its limit. A mark
// returned on a test of anything else (the error, a flag) tells errors
// apart; it bounds nothing.

// stopMarks are the functions, in the helper's own package, whose wrapped
// error the helper of each family stops on.
var stopMarks = map[string]string{
	"retry-go":   "Unrecoverable",
	"backoff-v4": "Permanent",
	"backoff-v5": "Permanent",
}

// boundByCountedStop sets such a count (see above) as the bound of a
// helper region its settings leave without one.
func (res *Result) boundByCountedStop(r *Region) {
	if r.Bound.Unbounded == nil || r.Bound.Counter != nil {
		return
	}
	if c := res.countedStop(r); c != nil {
		r.Bound.Counter, r.Bound.Unbounded = c, nil
	}
}

// countedStop returns the condition under which the region's callback
// returns its library's stop mark past a count, or nil.
func (res *Result) countedStop(r *Region) ast.Node {
	h := r.Helper
	body, ok := r.Body.(*ast.BlockStmt)
	if !ok || body == nil || h.Entry == nil || h.Func.Pkg() == nil || stopMarks[h.Entry.Family] == "" {
		return nil
	}
	cb, encl := res.funcs.enclosing(body.Pos()), res.funcs.enclosing(h.Call.Pos()).decl()
	if cb == nil || encl == nil {
		return nil
	}
	mark := h.Func.Pkg().Path() + "." + stopMarks[h.Entry.Family]
	var found ast.Node
	code.Inspect(body, func(n ast.Node) bool {
		if _, isLit := n.(*ast.FuncLit); isLit || found != nil {
			return false
		}
		if s, ok := n.(*ast.IfStmt); ok && s.Init == nil && returnsMark(res.info, s.Body, mark) && res.countPast(s.Cond, cb, encl) {
			found = s.Cond
		}
		return true
	})
	return found
}

// returnsMark reports whether a block ends returning an error wrapped by
// the function named mark (its full name).
func returnsMark(info *types.Info, b *ast.BlockStmt, mark string) bool {
	if b == nil || len(b.List) == 0 {
		return false
	}
	ret, ok := b.List[len(b.List)-1].(*ast.ReturnStmt)
	if !ok || len(ret.Results) == 0 {
		return false
	}
	call, ok := ast.Unparen(ret.Results[len(ret.Results)-1]).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn := code.Callee(info, call)
	return fn != nil && fn.FullName() == mark
}

// countPast reports whether cond tests that a counter reached a limit
// (n >= max, n > max, max <= n, max < n), the counter declared outside the
// callback cb, counted up in the function encl that calls the helper, and
// never set anew in cb.
func (res *Result) countPast(cond ast.Expr, cb, encl *funcNode) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	x, limit, op := code.Ordered(b, true)
	if op != token.GTR && op != token.GEQ || !code.IsInteger(res.info.TypeOf(x)) || mentionsError(res.info, limit) {
		return false
	}
	v := code.Assigned(res.info, x)
	if v == nil || declaredIn(cb.node, v) || code.Mentions(res.info, limit, func(o types.Object) bool { return o == v }) {
		return false
	}
	counted := false
	for _, d := range code.DefsOf(res.info, v) {
		inCallback := cb.node.Pos() <= d.Stmt.Pos() && d.Stmt.Pos() < cb.node.End()
		if inCallback && d.Replaces() {
			return false
		}
		if encl.node.Pos() <= d.Stmt.Pos() && d.Stmt.Pos() < encl.node.End() && countsUpBy(res.info, d) {
			counted = true
		}
	}
	return counted
}

// countsUpBy reports whether an assignment adds to its variable: v++, or
// v += k with k a positive constant.
func countsUpBy(info *types.Info, d code.Def) bool {
	if d.Op == token.INC {
		return true
	}
	if d.Op != token.ADD_ASSIGN || d.Value == nil {
		return false
	}
	k, ok := code.Int(info, d.Value)
	return ok && k > 0
}
