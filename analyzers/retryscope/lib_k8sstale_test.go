package retryscope_test

import (
	"reflect"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/analyzers/retryscope"
)

// staleProbe reports every stale update the engine reads in the regions.
var staleProbe = &analysis.Analyzer{
	Name:       "staleprobe",
	Doc:        "report the engine's stale updates",
	Requires:   []*analysis.Analyzer{retryscope.Analyzer},
	ResultType: reflect.TypeOf(0),
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[retryscope.Analyzer].(*retryscope.Result)
		for _, r := range res.Regions {
			for _, u := range res.StaleUpdates(r) {
				pass.Reportf(u.Call.Pos(), "stale %s of %s", u.Update, u.Object.Name())
			}
		}
		return 0, nil
	},
}

func TestStaleUpdates(t *testing.T) {
	analysistest.Run(t, testdata(t), staleProbe, "retryscopestale")
}
