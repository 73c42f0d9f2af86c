// Package bench holds retrylint's benchmarks: Go benchmarks of the analysis on
// fixed package sets (this file), and the end-to-end harness bench/run, which times
// the binaries against go vet and the floor (docs/performance.md).
//
// The Go benchmarks load their packages once, as the standalone driver does
// (internal/load: the analysed code from source, the standard library and the
// module cache from export data), and then time only the analysis:
// checker.Analyze over the loaded packages. Compare runs with benchstat:
//
//	go test -run '^$' -bench . -benchmem -count 6 ./bench > new.txt
package bench

import (
	"path/filepath"
	"reflect"
	"runtime"
	"sync"
	"syscall"
	"testing"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/packages"

	"github.com/retrylint/retrylint/analyzers"
	"github.com/retrylint/retrylint/analyzers/retryscope"
	"github.com/retrylint/retrylint/internal/load"
)

// noop is the floor: it only requires inspect.
var noop = &analysis.Analyzer{
	Name:       "noop",
	Doc:        "requires inspect and reports nothing",
	Requires:   []*analysis.Analyzer{inspect.Analyzer},
	ResultType: reflect.TypeOf(struct{}{}),
	Run:        func(*analysis.Pass) (any, error) { return struct{}{}, nil },
}

// suites are the analyzer sets compared on every package set.
var suites = []struct {
	name string
	list func() []*analysis.Analyzer
}{
	{"floor", func() []*analysis.Analyzer { return []*analysis.Analyzer{noop} }},
	{"engine", func() []*analysis.Analyzer { return []*analysis.Analyzer{retryscope.Analyzer} }},
	{"all", analyzers.All},
}

// sets are the fixed package sets: directory (relative to bench/) and patterns.
var sets = []struct {
	name, dir string
	patterns  []string
}{
	{"example", "../testdata/example", []string{"./..."}},
	{"module", "..", []string{"./analyzers/...", "./checklist/...", "./internal/...", "./cmd/..."}},
	{"std", "..", []string{"net/http", "database/sql", "encoding/json", "encoding/xml"}},
}

func BenchmarkAnalyze(b *testing.B) {
	for _, set := range sets {
		b.Run(set.name, func(b *testing.B) {
			pkgs := loadOnce(b, set.dir, set.patterns...)
			for _, s := range suites {
				b.Run(s.name, func(b *testing.B) { analyze(b, s.list(), pkgs) })
			}
		})
	}
}

// analyze times checker.Analyze, sequentially so that the time does not depend
// on the number of cores. Besides ns/op (wall) it reports cpu-ns/op (user+sys of
// the process, GC included: much steadier than wall time on a busy machine) and
// root-ns/op, the time spent on the requested packages alone, without their
// dependencies in the analysed code, which facts make the analysis visit.
func analyze(b *testing.B, list []*analysis.Analyzer, pkgs []*packages.Package) {
	b.ReportAllocs()
	roots := make(map[*packages.Package]bool)
	for _, p := range pkgs {
		roots[p] = true
	}
	var root time.Duration
	cpu0 := cpuTime()
	for b.Loop() {
		g, err := checker.Analyze(list, pkgs, &checker.Options{Sequential: true})
		if err != nil {
			b.Fatal(err)
		}
		for act := range g.All() {
			if act.Err != nil && act.IsRoot {
				b.Fatalf("%s: %v", act, act.Err)
			}
			if roots[act.Package] {
				root += act.Duration
			}
		}
	}
	b.ReportMetric(float64(cpuTime()-cpu0)/float64(b.N), "cpu-ns/op")
	b.ReportMetric(float64(root)/float64(b.N), "root-ns/op")
}

// cpuTime is the user+sys time of this process so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

var (
	loadMu sync.Mutex
	loaded = make(map[string][]*packages.Package)
)

// loadOnce loads packages as the standalone driver does, once per process.
func loadOnce(b *testing.B, dir string, patterns ...string) []*packages.Package {
	b.Helper()
	loadMu.Lock()
	defer loadMu.Unlock()
	key := dir + "\x00" + filepath.Join(patterns...)
	if pkgs, ok := loaded[key]; ok {
		return pkgs
	}
	pkgs, err := load.Packages(&packages.Config{Dir: dir}, patterns...)
	if err != nil {
		b.Fatal(err)
	}
	if n := packages.PrintErrors(pkgs); n > 0 {
		b.Fatalf("%d errors loading %v", n, patterns)
	}
	loaded[key] = pkgs
	runtime.GC()
	return pkgs
}
