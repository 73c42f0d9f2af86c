// Command rootfacts is an experiment, not a product: retrylint's analyzers under
// a driver that loads only the requested packages from source and their
// dependencies from export data, as the standalone checker does when no analyzer
// has facts. Facts then flow between the requested packages only (a wrapper in
// one package of ./... is still seen by its callers in another), and not from
// dependencies outside the patterns. docs/performance.md compares its cost and
// findings with `retrylint PATTERNS`.
//
//	rootfacts [-test=false] PATTERNS
package main

import (
	"flag"
	"fmt"
	"os"

	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/retrylint/retrylint/analyzers"
)

func main() {
	tests := flag.Bool("test", true, "analyse test packages too")
	flag.Parse()
	cfg := &packages.Config{Mode: packages.LoadSyntax | packages.NeedModule, Tests: *tests}
	pkgs, err := packages.Load(cfg, flag.Args()...)
	if err != nil {
		fmt.Fprintln(os.Stderr, "rootfacts:", err)
		os.Exit(1)
	}
	exit := 0
	if packages.PrintErrors(pkgs) > 0 {
		exit = 1
	}
	g, err := checker.Analyze(analyzers.All(), pkgs, nil)
	if err != nil {
		fmt.Fprintln(os.Stderr, "rootfacts:", err)
		os.Exit(1)
	}
	if err := g.PrintText(os.Stderr, -1); err != nil {
		fmt.Fprintln(os.Stderr, "rootfacts:", err)
		exit = 1
	}
	for act := range g.All() {
		if act.IsRoot && len(act.Diagnostics) > 0 && exit == 0 {
			exit = 3
		}
	}
	os.Exit(exit)
}
