package analyzers_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/analyzers"
)

// TestSharedFixtures runs each package under testdata/src/shared with the
// rules its "// rules:" line names, and checks that every rule reports
// exactly the lines marked "// reports: <rules>" for it: one fixture of a
// shape several rules must judge alike, instead of a copy per rule.
func TestSharedFixtures(t *testing.T) {
	dir, err := filepath.Abs("testdata")
	if err != nil {
		t.Fatal(err)
	}
	pkgs, err := os.ReadDir(filepath.Join(dir, "src", "shared"))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pkgs {
		t.Run(p.Name(), func(t *testing.T) {
			path := "shared/" + p.Name()
			rules, want := sharedMarks(t, filepath.Join(dir, "src", path))
			if len(rules) == 0 {
				t.Fatalf("%s names no rules (// rules: ...)", path)
			}
			for _, name := range rules {
				a := analyzerNamed(t, name)
				var got []string
				for _, res := range analysistest.Run(ignoreWants{}, dir, a, path) {
					for _, d := range res.Diagnostics {
						pos := res.Pass.Fset.Position(d.Pos)
						got = append(got, fmt.Sprintf("%s:%d", filepath.Base(pos.Filename), pos.Line))
					}
				}
				slices.Sort(got)
				if !slices.Equal(got, want[name]) {
					t.Errorf("%s: reported at %v, want %v", name, got, want[name])
				}
			}
		})
	}
}

// sharedMarks reads a shared fixture: the rules it names, and for each rule
// the file:line places marked as reported by it, sorted.
func sharedMarks(t *testing.T, dir string) (rules []string, want map[string][]string) {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	want = make(map[string][]string)
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(src), "\n") {
			if _, names, ok := strings.Cut(line, "// rules: "); ok {
				rules = append(rules, strings.Fields(names)...)
			}
			if _, names, ok := strings.Cut(line, "// reports: "); ok {
				for _, r := range strings.Fields(names) {
					want[r] = append(want[r], fmt.Sprintf("%s:%d", filepath.Base(f), i+1))
				}
			}
		}
	}
	for r := range want {
		slices.Sort(want[r])
	}
	return rules, want
}

func analyzerNamed(t *testing.T, name string) *analysis.Analyzer {
	t.Helper()
	for _, a := range analyzers.All() {
		if a.Name == name {
			return a
		}
	}
	t.Fatalf("no rule %q", name)
	return nil
}
