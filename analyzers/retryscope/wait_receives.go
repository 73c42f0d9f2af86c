package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// BlocksOnChannel reports whether code in n can block on a channel: a
// receive, a range over a channel, or a select without a default clause.
// Something other than the retry then decides when the next attempt runs
// (a message, a signal, another goroutine's result), so a loop doing it is
// not said to try again at once. A select with a default never blocks: its
// cases' communications pace nothing (select { case <-ctx.Done(): return;
// default: } only looks), though a case's body may still block.
func BlocksOnChannel(info *types.Info, n ast.Node) bool {
	found := false
	code.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectStmt:
			if !hasDefault(n) {
				found = true
				break
			}
			for _, c := range n.Body.List {
				for _, s := range c.(*ast.CommClause).Body {
					found = found || BlocksOnChannel(info, s)
				}
			}
			return false
		case *ast.UnaryExpr:
			found = found || n.Op == token.ARROW
		case *ast.RangeStmt:
			if t := info.TypeOf(n.X); t != nil {
				_, isChan := t.Underlying().(*types.Chan)
				found = found || isChan
			}
		}
		return !found
	})
	return found
}
