package bench

import (
	"go/ast"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/retrylint/retrylint/analyzers"
)

// BenchmarkVisits measures how much syntax the analysis walks: visits/node is
// the number of syntax nodes the engine's and the rules' walks visit, divided
// by the number of nodes of the packages analysed from source (docs/performance.md).
// The inspector's own pass, shared with every analyzer of go vet, is not counted.
//
//	go test -run '^$' -bench Visits ./bench
func BenchmarkVisits(b *testing.B) {
	for _, set := range sets {
		b.Run(set.name, func(b *testing.B) {
			pkgs := loadOnce(b, set.dir, set.patterns...)
			for _, s := range suites[1:] {
				b.Run(s.name, func(b *testing.B) {
					b.ReportMetric(visitsPerNode(b, s.list(), pkgs), "visits/node")
				})
			}
		})
	}
}

// visitsPerNode runs the analysis b.N times and returns the visits per node.
func visitsPerNode(b *testing.B, list []*analysis.Analyzer, pkgs []*packages.Package) float64 {
	var visits, nodes int64
	for b.Loop() {
		var g *checker.Graph
		visits += analyzers.CountVisits(func() {
			var err error
			g, err = checker.Analyze(list, pkgs, &checker.Options{Sequential: true})
			if err != nil {
				b.Fatal(err)
			}
		})
		nodes += syntaxSize(g)
	}
	return float64(visits) / float64(nodes)
}

// syntaxSize is the number of syntax nodes of the packages the graph analysed
// from source.
func syntaxSize(g *checker.Graph) int64 {
	seen := make(map[*packages.Package]bool)
	var n int64
	for act := range g.All() {
		if seen[act.Package] {
			continue
		}
		seen[act.Package] = true
		for _, f := range act.Package.Syntax {
			ast.Inspect(f, func(m ast.Node) bool {
				if m != nil {
					n++
				}
				return m != nil
			})
		}
	}
	return n
}
