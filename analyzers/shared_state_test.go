package analyzers_test

import (
	"fmt"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/analyzers/retryall"
	"github.com/retrylint/retrylint/analyzers/retryscope"
	"github.com/retrylint/retrylint/analyzers/retrystate"
)

// engineProbe runs the engine and reads its result, reporting nothing: a run
// of it leaves behind whatever the engine keeps between packages.
var engineProbe = &analysis.Analyzer{
	Name:       "engineprobe",
	Doc:        "run the engine",
	Requires:   []*analysis.Analyzer{retryscope.Analyzer},
	ResultType: reflect.TypeOf(0),
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[retryscope.Analyzer].(*retryscope.Result)
		return len(res.Regions), nil
	},
}

// analysisRun is one analysistest run: an analyzer on packages of a testdata root.
type analysisRun struct {
	root string // relative to this directory
	a    *analysis.Analyzer
	pkgs []string
}

// findings runs r and returns its diagnostics as sorted "file:line:col: message"
// lines; the run's own `// want` mismatches are not its concern.
func (r analysisRun) findings(t *testing.T) []string {
	t.Helper()
	dir, err := filepath.Abs(r.root)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, res := range analysistest.Run(ignoreWants{}, dir, r.a, r.pkgs...) {
		for _, d := range res.Diagnostics {
			p := res.Pass.Fset.Position(d.Pos)
			out = append(out, fmt.Sprintf("%s:%d:%d: %s", filepath.Base(p.Filename), p.Line, p.Column, d.Message))
		}
	}
	slices.Sort(out)
	return out
}

type ignoreWants struct{}

func (ignoreWants) Errorf(string, ...any) {}

// TestRunsShareNoState: the standalone driver, go vet, the checklist and the
// golangci-lint plugin analyse many packages in one process, and tests run many
// analysistest runs in one binary. A run's findings must not depend on what ran
// before it in the process: the same package again (new syntax and types at the
// same positions and import path), another package of the same import path from
// another testdata root, the engine alone over other packages. The collector
// runs between them so that caches with weak keys see their keys go.
func TestRunsShareNoState(t *testing.T) {
	if testing.Short() {
		t.Skip("a dozen analysistest runs")
	}
	state := analysisRun{"testdata", retrystate.Analyzer, []string{"retrystate"}}
	all := analysisRun{"testdata", retryall.Analyzer, []string{"retryall"}}
	pluginAll := analysisRun{"../plugin/testdata", retryall.Analyzer, []string{"retryall"}}
	engine := analysisRun{"testdata", engineProbe, []string{"retryscope/wrapperlib", "retryscope/callbacks", "retryscopefresh", "retrystate"}}
	fresh := map[*analysisRun][]string{}
	for _, r := range []*analysisRun{&state, &all, &pluginAll} {
		fresh[r] = r.findings(t)
		if len(fresh[r]) == 0 {
			t.Fatalf("%s on %v reports nothing: the comparisons below would check nothing", r.a.Name, r.pkgs)
		}
		runtime.GC()
	}
	sequences := [][]*analysisRun{
		{&engine, &state},
		{&state, &state},
		{&pluginAll, &all},
		{&all, &pluginAll},
	}
	for _, seq := range sequences {
		var names []string
		for _, r := range seq {
			names = append(names, r.root+":"+r.a.Name)
			got := r.findings(t)
			runtime.GC()
			if want, ok := fresh[r]; ok && !slices.Equal(got, want) {
				t.Errorf("after %v: %d findings, a first run has %d\ngot:\n%v\nwant:\n%v", names[:len(names)-1], len(got), len(want), got, want)
			}
		}
	}
}
