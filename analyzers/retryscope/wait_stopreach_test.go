package retryscope_test

import (
	"go/ast"
	"reflect"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/analyzers/internal/code"
	"github.com/retrylint/retrylint/analyzers/retryscope"
)

// stopReachProbe reports, at every time.Sleep, the stop signal the engine
// finds in reach there, or that it finds none.
var stopReachProbe = &analysis.Analyzer{
	Name:       "stopreachprobe",
	Doc:        "report the stop channel in reach of each time.Sleep",
	Requires:   []*analysis.Analyzer{retryscope.Analyzer},
	ResultType: reflect.TypeOf(0),
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[retryscope.Analyzer].(*retryscope.Result)
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok || !isSleep(pass, call) {
					return true
				}
				if stop := res.StopChannelInReach(call); stop != "" {
					pass.Reportf(call.Pos(), "stop %s", stop)
				} else {
					pass.Reportf(call.Pos(), "no stop")
				}
				return true
			})
		}
		return 0, nil
	},
}

func TestStopChannelInReach(t *testing.T) {
	analysistest.Run(t, testdata(t), stopReachProbe, "retryscopestopreach")
}

func isSleep(pass *analysis.Pass, call *ast.CallExpr) bool {
	fn := code.Callee(pass.TypesInfo, call)
	return fn != nil && code.IsObject(fn, "time", "Sleep")
}
