package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A condition that asks which failure an error is (errors.Is(err, errBusy),
// isTemporary(err), err == errLocked) is true only for a failure: on its own, as
// a whole condition, it tells one failure of the attempt from everything else
// (success and the other failures). A loop that `continue`s on that failure and
// leaves on everything else (`if err != nil { return err }`, then the success
// path) retries that failure alone: a classified retry, still with a wait and a
// bound to judge.
//
// A test for absence (os.IsNotExist(err), errors.Is(err, sql.ErrNoRows), a
// sentinel or predicate named *NotFound*, *NotExist*, *NoRows*, or ENOENT,
// POSIX's "no such file or directory") is not such a failure: going round
// until the thing exists is a wait for a state to appear, a poll. So is the failure of an existence test, a call that only asks
// whether a path exists (isExistenceTest): its error says "not there yet".
//
// Only whole conditions count, and && of tests of one error's kind
// (errors.As(err, &ne) && ne.Timeout(): loop_errmethods.go): inside && and ||
// with other tests such a test already combines with the nil test it is
// joined with (outcome), and context sentinels
// (errors.Is(err, context.Canceled)) ask whether the caller gave up.

// kindTest returns the error a condition tests for a kind of failure, and
// whether true means that failure (false for a negation).
func kindTest(info *types.Info, cond ast.Expr) (tested ast.Expr, failWhenTrue, ok bool) {
	cond = ast.Unparen(cond)
	if u, isNot := cond.(*ast.UnaryExpr); isNot && u.Op == token.NOT {
		t, f, ok := kindTest(info, u.X)
		return t, !f, ok
	}
	k := classifier{info: info}
	if testsAbsence(info, cond) || testsContinuation(info, cond) {
		return nil, false, false // loop_continuation.go
	}
	switch c := cond.(type) {
	case *ast.CallExpr:
		if !returnsBool(info, c) || testsContextSentinel(k, c) {
			return nil, false, false
		}
		if err := soleErrorArg(info, c); err != nil {
			return err, true, true
		}
		if err := errorMethodTest(info, c); err != nil {
			return err, true, true // loop_errmethods.go
		}
	case *ast.BinaryExpr:
		if c.Op == token.LAND {
			err, ok := joinedKindTest(info, c)
			return err, true, ok
		}
		if (c.Op != token.EQL && c.Op != token.NEQ) || testsContextSentinel(k, c) {
			return nil, false, false
		}
		x, y := ast.Unparen(c.X), ast.Unparen(c.Y)
		if isSentinel(info, x) {
			x, y = y, x // errLocked == err
		}
		if isErrorType(info.TypeOf(x)) && isErrorType(info.TypeOf(y)) && !code.IsNil(info, x) && !code.IsNil(info, y) && !isSentinel(info, x) {
			return x, c.Op == token.EQL, true
		}
	}
	return nil, false, false
}

// soleErrorArg returns the one argument of a predicate call that is a local
// error variable (errors.Is(err, errBusy): err, not the sentinel), or nil.
func soleErrorArg(info *types.Info, call *ast.CallExpr) ast.Expr {
	var found ast.Expr
	for _, a := range call.Args {
		id, ok := ast.Unparen(a).(*ast.Ident)
		if !ok || !isErrorType(info.TypeOf(a)) {
			continue
		}
		if _, isVar := info.Uses[id].(*types.Var); !isVar || isSentinel(info, a) {
			continue
		}
		if found != nil {
			return nil
		}
		found = a
	}
	return found
}

// isSentinel reports whether e names a package-level variable (io.EOF, errBusy).
func isSentinel(info *types.Info, e ast.Expr) bool {
	id := code.NameIdent(e)
	if id == nil {
		return false
	}
	v, ok := info.Uses[id].(*types.Var)
	return ok && !v.IsField() && v.Pkg() != nil && v.Parent() == v.Pkg().Scope()
}

// testsAbsence reports whether a condition names a "not found" kind of error
// (absentName): a function or variable in it is named so.
func testsAbsence(info *types.Info, cond ast.Expr) bool {
	found := false
	code.Inspect(cond, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && info.Uses[id] != nil {
			found = found || absentName.MatchString(id.Name) || asksAbsence(info, info.Uses[id]) // poll_notyetpred.go
		}
		return !found
	})
	return found
}

// existenceTests ask the file system whether a path exists, and act on
// nothing: os.Stat and os.Lstat, and the same questions asked under an
// os.Root.
var existenceTests = map[string]bool{
	"os.Stat": true, "os.Lstat": true, "(*os.Root).Stat": true, "(*os.Root).Lstat": true,
}

// isExistenceTest reports whether call is an existence test whose file
// information assign drops (_, err := os.Stat(p)): only its error is kept,
// and that error says whether the path is there.
func isExistenceTest(info *types.Info, call *ast.CallExpr, assign *ast.AssignStmt) bool {
	fn := code.Callee(info, call)
	if fn == nil || !existenceTests[fn.FullName()] || len(assign.Rhs) != 1 || ast.Unparen(assign.Rhs[0]) != call || len(assign.Lhs) != 2 {
		return false
	}
	id, ok := assign.Lhs[0].(*ast.Ident)
	return ok && id.Name == "_"
}
