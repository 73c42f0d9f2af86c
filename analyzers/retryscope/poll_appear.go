package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"
	"regexp"
	"slices"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A loop that waits before its first attempt does not expect the first
// attempt to succeed: it waits for a change made elsewhere (an object
// another component creates, a request another system answers), not for a
// failure to pass. A retry tries at once and waits after a failure. When
// every attempt of such a loop only reads (Get, List, Describe: it changes
// nothing, so another round repeats nothing), a time limit of the loop's own
// ends it, and its error is only looked at (compared with nil, logged) and
// never kept or returned, the loop is a poll for something to appear: every
// error it goes round on means "not there yet" to it (not found, and
// forbidden until the rights made with the object arrive), and its cost is
// bounded by its deadline. It is no retry layer that multiplies an outer
// retry's attempts (exportRetries), and it has no error to classify
// (retryall). A loop that tries first and waits after, reads with no limit
// of its own, writes, or returns the last error it saw, stays a retry.

// lookupName matches the methods and functions named for a read that changes
// nothing: Get, List, Describe, Lookup, Head, Stat, Exists (not a stream's
// Read, which consumes what it reads).
var lookupName = regexp.MustCompile(`^(Get|List|Describe|Lookup|Head|Stat|Exists)([A-Z0-9]|$)`)

// AwaitsAppearance reports whether r is such a poll.
func (res *Result) AwaitsAppearance(r *Region) bool {
	if r == nil || r.Kind != LoopRegion || res.info == nil || !res.LocalDeadline(r) {
		return false
	}
	body, ok := r.Body.(*ast.BlockStmt)
	if !ok || body == nil || len(r.ErrVars) == 0 {
		return false
	}
	attempt := attemptStmt(r, body)
	return attempt >= 0 && res.everyAttemptIs(r, res.reads) && waitsFirst(r, body, attempt) && errorsOnlyLogged(res.info, body, attempt, r.ErrVars)
}

// attemptStmt returns the index of the first statement of body that holds
// an attempt of r, or -1.
func attemptStmt(r *Region, body *ast.BlockStmt) int {
	for i, st := range body.List {
		if slices.ContainsFunc(r.Attempts, func(c *ast.CallExpr) bool { return st.Pos() <= c.Pos() && c.End() <= st.End() }) {
			return i
		}
	}
	return -1
}

// reads reports whether a call is named for a read.
func (res *Result) reads(call *ast.CallExpr) bool {
	fn := code.Callee(res.info, call)
	return fn != nil && lookupName.MatchString(fn.Name())
}

// waitsFirst reports whether a timed wait of r is a statement of the loop
// body, ahead of the statements that hold the attempts, that every round
// passes: a sleep, or a select whose other cases return.
func waitsFirst(r *Region, body *ast.BlockStmt, attempt int) bool {
	for _, st := range body.List[:attempt] {
		for _, w := range r.Waits {
			if w.Kind != WaitOther && w.At != nil && st.Pos() <= w.At.Pos() && w.At.End() <= st.End() && passedEveryRound(st, w) {
				return true
			}
		}
	}
	return false
}

// passedEveryRound reports whether st, which holds wait w, waits on every
// way on to the next statement: a statement that is the wait itself, or a
// select in which every case but the wait's returns.
func passedEveryRound(st ast.Stmt, w *Wait) bool {
	switch s := st.(type) {
	case *ast.ExprStmt:
		return s.X == w.At || s.X == w.Call
	case *ast.SelectStmt:
		for _, cl := range s.Body.List {
			cc := cl.(*ast.CommClause)
			if cc.Comm != nil && cc.Comm.Pos() <= w.At.Pos() && w.At.End() <= cc.Comm.End() {
				continue
			}
			if len(cc.Body) == 0 {
				return false
			}
			if _, ret := cc.Body[len(cc.Body)-1].(*ast.ReturnStmt); !ret {
				return false
			}
		}
		return true
	}
	return false
}

// errorsOnlyLogged reports whether the attempts' errors are declared in
// body and the first test of them after the attempt, `if err != nil`, goes
// round with `continue` and only hands them to calls (a log line) on the
// way: they are neither kept, assigned on, nor returned. Later uses of the
// same variable hold the errors of other calls, made once the read worked.
func errorsOnlyLogged(info *types.Info, body *ast.BlockStmt, attempt int, vars []types.Object) bool {
	for _, v := range vars {
		if v.Pos() < body.Pos() || v.Pos() >= body.End() {
			return false
		}
	}
	for _, st := range body.List[attempt:] {
		ifs, ok := st.(*ast.IfStmt)
		if !ok || !slices.ContainsFunc(vars, func(v types.Object) bool {
			tv, isVar := v.(*types.Var)
			return isVar && testsNotNil(info, ifs.Cond, tv)
		}) {
			continue
		}
		return ifs.Else == nil && continuesLogging(ifs.Body) && onlyHandedToCalls(info, ifs.Body, vars)
	}
	return false
}

// continuesLogging reports whether a branch ends in an unlabeled continue and
// returns nowhere before it.
func continuesLogging(b *ast.BlockStmt) bool {
	if len(b.List) == 0 {
		return false
	}
	last, ok := b.List[len(b.List)-1].(*ast.BranchStmt)
	if !ok || last.Tok != token.CONTINUE || last.Label != nil {
		return false
	}
	returns := false
	ast.Inspect(b, func(n ast.Node) bool {
		_, isRet := n.(*ast.ReturnStmt)
		_, isLit := n.(*ast.FuncLit)
		returns = returns || isRet
		return !returns && !isLit
	})
	return !returns
}

// onlyHandedToCalls reports whether every use of vars in n is an argument
// of a call.
func onlyHandedToCalls(info *types.Info, n ast.Node, vars []types.Object) bool {
	ok := true
	code.WalkStack(n, func(n ast.Node, stack []ast.Node) bool {
		id, isID := n.(*ast.Ident)
		if !isID || !slices.Contains(vars, info.Uses[id]) {
			return ok
		}
		call, isCall := stack[len(stack)-2].(*ast.CallExpr)
		ok = isCall && slices.Contains(call.Args, ast.Expr(id))
		return ok
	})
	return ok
}
