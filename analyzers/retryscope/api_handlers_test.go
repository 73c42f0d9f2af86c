package retryscope_test

import (
	"reflect"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/analyzers/retryscope"
)

// handlerProbe reports every message handler the engine found.
var handlerProbe = &analysis.Analyzer{
	Name:       "handlerprobe",
	Doc:        "report the engine's message handlers",
	Requires:   []*analysis.Analyzer{retryscope.Analyzer},
	ResultType: reflect.TypeOf(0),
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[retryscope.Analyzer].(*retryscope.Result)
		for _, h := range res.Handlers {
			pass.Reportf(h.Func.Pos(), "handler checkpoints=%d", len(h.Checkpoints))
		}
		return 0, nil
	},
}

func TestHandlers(t *testing.T) {
	analysistest.Run(t, testdata(t), handlerProbe, "retryscopehandlers")
}
