package retryscope_test

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/analyzers/retryscope"
)

// policyProbe reports each region's bound, helper policy and inner retries, so
// that analysistest's `// want` comments can assert them.
var policyProbe = &analysis.Analyzer{
	Name:       "policyprobe",
	Doc:        "report the engine's policies, bounds and inner retries",
	Requires:   []*analysis.Analyzer{retryscope.Analyzer},
	ResultType: reflect.TypeOf(0),
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[retryscope.Analyzer].(*retryscope.Result)
		for _, r := range res.Regions {
			pass.Reportf(r.Pos, "%s", describePolicy(r))
		}
		return 0, nil
	},
}

var shapes = []string{"unknown", "none", "constant", "exponential", "fibonacci", "random"}
var tris = []string{"?", "no", "yes"}
var ctxStates = []string{"none", "background", "caller", "deadline"}

func describePolicy(r *retryscope.Region) string {
	var b strings.Builder
	b.WriteString(r.Kind.String())
	if r.Helper != nil {
		p := r.Helper.Policy()
		fmt.Fprintf(&b, " %s wait=%s jitter=%s", r.Helper.Name(), shapes[p.Shape], tris[p.Jitter])
		if p.Context != nil {
			fmt.Fprintf(&b, " ctx=%s", ctxStates[p.ContextState])
		}
	}
	fmt.Fprintf(&b, " counter=%v", r.Bound.Counter != nil)
	if r.Bound.MaxAttempts > 0 {
		fmt.Fprintf(&b, " max=%d", r.Bound.MaxAttempts)
	}
	if r.Bound.Deadline != nil {
		fmt.Fprintf(&b, " deadline(local=%v)", r.Bound.DeadlineLocal)
	}
	if r.Bound.Unbounded != nil {
		b.WriteString(" unbounded")
	}
	for _, in := range r.Inner {
		fmt.Fprintf(&b, " inner=%s", in.Why)
		if in.Attempts > 0 {
			fmt.Fprintf(&b, "/%d", in.Attempts)
		}
	}
	return b.String()
}

func TestPolicy(t *testing.T) {
	analysistest.Run(t, testdata(t), policyProbe, "retryscopepolicy")
}
