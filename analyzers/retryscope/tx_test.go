package retryscope_test

import (
	"fmt"
	"reflect"
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
		return 0, nil
	},
}

func TestTxCallbacks(t *testing.T) {
	analysistest.Run(t, testdata(t), txProbe, "retryscopetx")
}
