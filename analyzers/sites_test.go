package analyzers_test

import (
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers"
	"github.com/retrylint/retrylint/analyzers/retryscope"
)

// TestSitesOnlyForChecklist: the checklist's review sites are computed by an
// analyzer of their own, which no rule needs, so a go vet or golangci-lint run
// of the rules does not compute them (the checklist adds it; its tests check
// the sites).
func TestSitesOnlyForChecklist(t *testing.T) {
	seen := make(map[*analysis.Analyzer]bool)
	var visit func(a *analysis.Analyzer, path string)
	visit = func(a *analysis.Analyzer, path string) {
		if a == retryscope.SitesAnalyzer {
			t.Errorf("%s requires %s", path, a.Name)
		}
		if seen[a] {
			return
		}
		seen[a] = true
		for _, r := range a.Requires {
			visit(r, path+" -> "+r.Name)
		}
	}
	for _, a := range analyzers.All() {
		visit(a, a.Name)
	}
	if !seen[retryscope.Analyzer] {
		t.Fatal("no rule requires the engine: the walk above checks nothing")
	}
}
