package retryscope_test

import (
	"fmt"
	"go/ast"
	"go/types"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/analyzers/retryscope"
)

// reportFacts makes the probe report the facts of each function too.
var reportFacts bool

// probe reports what the engine found, so that analysistest's `// want` comments
// can assert the engine's model: every region, with its kind, classification,
// bound and waits; every transaction callback and message handler.
var probe = &analysis.Analyzer{
	Name:       "probe",
	Doc:        "report the engine's regions",
	Requires:   []*analysis.Analyzer{retryscope.Analyzer},
	ResultType: reflect.TypeOf(0),
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[retryscope.Analyzer].(*retryscope.Result)
		for _, r := range res.Regions {
			pass.Reportf(r.Pos, "%s", describe(r))
		}
		for _, f := range pass.Files {
			if !reportFacts {
				break
			}
			for _, d := range f.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok {
					continue
				}
				for _, fact := range res.FactsOf(pass.TypesInfo.Defs[fd.Name].(*types.Func)) {
					pass.Reportf(fd.Name.Pos(), "fact %s", fact)
				}
			}
		}
		return 0, nil
	},
}

func describe(r *retryscope.Region) string {
	var b strings.Builder
	b.WriteString(r.Kind.String())
	fmt.Fprintf(&b, " classified=%v", r.Classified())
	fmt.Fprintf(&b, " bounded=%v", r.Bound.Bounded())
	if r.Bound.MaxAttempts > 0 {
		fmt.Fprintf(&b, " max=%d", r.Bound.MaxAttempts)
	}
	if r.Bound.Deadline != nil {
		fmt.Fprintf(&b, " deadline(local=%v)", r.Bound.DeadlineLocal)
	}
	if r.Failover {
		b.WriteString(" failover")
	}
	for _, w := range r.Waits {
		fmt.Fprintf(&b, " wait=%s", waitString(w))
	}
	if r.Context != nil {
		fmt.Fprintf(&b, " ctx=%s", r.Context.Name())
	}
	return b.String()
}

func waitString(w *retryscope.Wait) string {
	kinds := []string{"sleep", "after", "timer", "ticker", "other"}
	s := kinds[w.Kind]
	switch w.Growth {
	case retryscope.GrowthConstant:
		s += "/const"
	case retryscope.GrowthGrowing:
		s += "/grows"
	}
	if w.Jitter {
		s += "/jitter"
	}
	if w.Cancellable {
		s += "/cancellable"
	}
	return s
}

func testdata(t *testing.T) string {
	dir, err := filepath.Abs("../testdata")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestRegions(t *testing.T) {
	analysistest.Run(t, testdata(t), probe, "retryscope/loops", "shared/pagination")
}

func TestWrappersAndFacts(t *testing.T) {
	reportFacts = true
	defer func() { reportFacts = false }()
	analysistest.Run(t, testdata(t), probe, "retryscope/wrapperlib", "retryscope/callbacks")
}
