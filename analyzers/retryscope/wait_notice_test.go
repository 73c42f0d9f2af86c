package retryscope_test

import (
	"reflect"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/analyzers/retryscope"
)

// noticeProbe reports Result.NoticesCancel at every wait of a region.
var noticeProbe = &analysis.Analyzer{
	Name:       "noticeprobe",
	Doc:        "report Result.NoticesCancel for every wait",
	Requires:   []*analysis.Analyzer{retryscope.Analyzer},
	ResultType: reflect.TypeOf(0),
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[retryscope.Analyzer].(*retryscope.Result)
		for _, r := range res.Regions {
			for _, w := range r.Waits {
				pass.Reportf(w.At.Pos(), "notices=%v", res.NoticesCancel(r, w))
			}
		}
		return 0, nil
	},
}

// TestNoticesCancel: a check leaves the loop by a return, the builtin panic
// or a break that ends the loop (endsLoop); a function named panic returns,
// and a break in a select or a switch ends that statement.
func TestNoticesCancel(t *testing.T) {
	analysistest.Run(t, testdata(t), noticeProbe, "retryscopenotice", "retryscopenotice/shadow")
}
