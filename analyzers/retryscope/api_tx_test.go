package retryscope_test

import (
	"fmt"
	"go/ast"
	"go/types"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/analyzers/retryscope"
)

// txProbe reports every transaction callback the engine found.
var txProbe = &analysis.Analyzer{
	Name:       "txprobe",
	Doc:        "report the engine's transaction callbacks",
	Requires:   []*analysis.Analyzer{retryscope.Analyzer},
	ResultType: reflect.TypeOf(0),
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[retryscope.Analyzer].(*retryscope.Result)
		for _, tx := range res.TxCallbacks {
			s := fmt.Sprintf("tx callback of %s.%s retries=%v", tx.Helper.Pkg().Name(), tx.Helper.Name(), tx.Retries)
			if tx.TxParam != nil {
				s += " param=" + tx.TxParam.Name()
			}
			if tx.Body != nil {
				s += " body"
			}
			pass.Reportf(tx.Call.Pos(), "%s", s)
		}
		for _, f := range pass.Files {
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok {
					for _, fact := range res.FactsOf(pass.TypesInfo.Defs[fd.Name].(*types.Func)) {
						if _, tx := fact.(*retryscope.TxWrapper); tx {
							pass.Reportf(fd.Name.Pos(), "fact %s", fact)
						}
					}
				}
			}
		}
		return 0, nil
	},
}

func TestTxCallbacks(t *testing.T) {
	analysistest.Run(t, testdata(t), txProbe, "retryscopetx", "retryscopetx/txlib")
}

// attemptProbe reports every region with its attempts.
var attemptProbe = &analysis.Analyzer{
	Name:       "attemptprobe",
	Doc:        "report the engine's regions and their attempts",
	Requires:   []*analysis.Analyzer{retryscope.Analyzer},
	ResultType: reflect.TypeOf(0),
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[retryscope.Analyzer].(*retryscope.Result)
		for _, r := range res.Regions {
			var calls []string
			for _, a := range r.Attempts {
				calls = append(calls, types.ExprString(a))
			}
			pass.Reportf(r.Pos, "%s attempts=%s", r.Kind, strings.Join(calls, ","))
		}
		return 0, nil
	},
}

// TestFieldAttempts: an error read from a field of a call's result
// (db.Create(&x).Error) is that call's outcome.
func TestFieldAttempts(t *testing.T) {
	analysistest.Run(t, testdata(t), attemptProbe, "retryscopefield")
}

// TestChainedAttempts: a begin/run/commit attempt is one attempt.
func TestChainedAttempts(t *testing.T) {
	analysistest.Run(t, testdata(t), attemptProbe, "retryscopechain")
}

// repeatsProbe reports, for every call of mark in a region, whether it repeats.
var repeatsProbe = &analysis.Analyzer{
	Name:       "repeatsprobe",
	Doc:        "report Region.Repeats for calls of mark",
	Requires:   []*analysis.Analyzer{retryscope.Analyzer},
	ResultType: reflect.TypeOf(0),
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[retryscope.Analyzer].(*retryscope.Result)
		for _, r := range res.Regions {
			if r.Body == nil {
				continue
			}
			ast.Inspect(r.Body, func(n ast.Node) bool {
				if call, ok := n.(*ast.CallExpr); ok {
					if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "mark" {
						pass.Reportf(call.Pos(), "repeats=%v", r.Repeats(call))
					}
				}
				return true
			})
		}
		return 0, nil
	},
}

// TestRepeats: code after the last attempt of a loop runs once.
func TestRepeats(t *testing.T) {
	analysistest.Run(t, testdata(t), repeatsProbe, "retryscoperepeats")
}
