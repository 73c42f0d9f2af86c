package httptimeout

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// roundStart returns where the uses a client assigned to v at after can
// reach begin: after itself, or, when the assignment is inside a loop that v
// was declared before, the start of the outermost such loop of the same
// function literal: the next round sends with the client from the uses above
// the assignment too (`hc := http.DefaultClient; for { hc.Do(req); ...;
// hc = &http.Client{...} }`).
func (c *checker) roundStart(v *types.Var, after token.Pos, body *ast.BlockStmt) token.Pos {
	from := after
	kinds := []ast.Node{(*ast.ForStmt)(nil), (*ast.RangeStmt)(nil), (*ast.FuncLit)(nil)}
	code.TreeOf(c.info).Inspect(body, kinds, func(n ast.Node) bool {
		if n.Pos() >= after || n.End() < after {
			return false // not around the assignment
		}
		switch {
		case isFuncLit(n):
			from = after // a loop outside the literal does not run its body again
		case from == after && n.Pos() > v.Pos():
			from = n.Pos()
		}
		return true
	})
	return from
}

func isFuncLit(n ast.Node) bool {
	_, ok := n.(*ast.FuncLit)
	return ok
}
