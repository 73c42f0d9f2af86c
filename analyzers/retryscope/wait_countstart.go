package retryscope

import (
	"go/ast"
	"go/token"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// startedCount reads the attempts of a for statement whose own condition
// caps a counter its init starts at a constant: `for i := 1; i <= n; i++`
// makes n attempts, not the n + 1 of a count from zero.
func (f *flow) startedCount(l *loop, cond ast.Expr) (int, bool) {
	fs, ok := l.stmt.(*ast.ForStmt)
	bin, isBin := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || !isBin || fs.Cond != cond {
		return 0, false
	}
	x, y, op := code.Ordered(bin, false)
	v := code.VarOf(f.info, x)
	limit, constant := code.Int(f.info, y)
	if v == nil || !constant || op != token.LSS && op != token.LEQ {
		return 0, false
	}
	start, ok := startValue(f.info, fs.Init, v)
	if !ok || start > limit {
		return 0, false
	}
	return max(attemptsPast(op, limit)-int(start), 1), true
}
