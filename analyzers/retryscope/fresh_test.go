package retryscope_test

import (
	"go/ast"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/analyzers/retryscope"
)

// freshProbe reports what fresh value each call returns (Result.FreshCall).
var freshProbe = &analysis.Analyzer{
	Name:       "freshprobe",
	Doc:        "report the fresh values of calls",
	Requires:   []*analysis.Analyzer{retryscope.Analyzer},
	ResultType: reflect.TypeOf(0),
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[retryscope.Analyzer].(*retryscope.Result)
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				var kinds []string
				fresh := res.FreshCall(call)
				if fresh&retryscope.FreshClock != 0 {
					kinds = append(kinds, "clock")
				}
				if fresh.Random() {
					kinds = append(kinds, "random")
				}
				if len(kinds) > 0 && isStatementCall(f, call) {
					pass.Reportf(call.Pos(), "%s", strings.Join(kinds, "|"))
				}
				return true
			})
		}
		return 0, nil
	},
}

// isStatementCall reports whether call is the whole right-hand side of an
// assignment in the function draws (the cases of the test).
func isStatementCall(f *ast.File, call *ast.CallExpr) bool {
	found := false
	ast.Inspect(f, func(n ast.Node) bool {
		if fd, ok := n.(*ast.FuncDecl); ok && fd.Name.Name != "draws" {
			return false
		}
		if as, ok := n.(*ast.AssignStmt); ok && len(as.Rhs) == 1 && as.Rhs[0] == call {
			found = true
		}
		return !found
	})
	return found
}

// TestFreshValues: the one definition of a random or fresh value — the clock,
// the standard random sources, the knowledge base's ID generators, a name that
// says it draws, and one level into a function of the package.
func TestFreshValues(t *testing.T) {
	analysistest.Run(t, testdata(t), freshProbe, "retryscopefresh")
}
