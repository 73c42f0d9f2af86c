package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/retrylint/retrylint/analyzers"
	"github.com/retrylint/retrylint/internal/load"
	"github.com/retrylint/retrylint/internal/safetext"
)

// standalone runs `retrylint [flags] PATTERNS` on retrylint's own loader
// (internal/load: the standard library from export data, as go vet sees it)
// instead of the x/tools checker's, which type-checks every dependency from
// source because the engine has facts. It serves the flags of an analysis run
// (-json, -c, -test, -config, -RULE); ok is false when args hold anything else
// (-fix, -diff, profiling, help), which the x/tools checker then serves with
// the same findings, only slower.
func standalone(args []string) (code int, ok bool) {
	if os.Getenv(loaderEnv) == "xtools" {
		return 0, false
	}
	run, ok := parseRun(args)
	if !ok {
		return 0, false
	}
	if run.cpuprofile != "" {
		stop, err := startCPUProfile(run.cpuprofile)
		if err != nil {
			fmt.Fprintf(os.Stderr, "retrylint: -cpuprofile: %v\n", err)
			return 2, true
		}
		defer stop()
	}
	prog := newProgress(run.json)
	defer prog.end()
	pkgs, err := load.WithProgress(&packages.Config{Tests: run.tests, BuildFlags: run.build.Args()},
		func(done, total int) { prog.set("loading packages", done, total) }, run.patterns...)
	if err != nil {
		prog.end()
		fmt.Fprintf(os.Stderr, "retrylint: %s\n", oneLine(err.Error()))
		return 2, true
	}
	todo := analysable(pkgs)
	roots := run.analyzers
	if prog.w != nil {
		roots = append(slices.Clone(roots), prog.counter(run.analyzers, len(todo)))
	}
	g, err := checker.Analyze(roots, todo, nil)
	prog.end()
	broken := printPackageErrors(os.Stderr, pkgs)
	if err != nil {
		fmt.Fprintf(os.Stderr, "retrylint: %v\n", err)
		return 1, true
	}
	code = printFindings(g, run)
	if broken > 0 {
		return 2, true
	}
	return code, true
}

// loaderEnv set to "xtools" makes a run use the x/tools checker's loader (every
// dependency from source), to compare the two (docs/performance.md, tests).
const loaderEnv = "RETRYLINT_LOADER"

// runFlags are the flags of an analysis run.
type runFlags struct {
	json       bool
	context    int
	tests      bool
	cpuprofile string
	build      load.BuildFlags // -tags, -mod, -modfile
	analyzers  []*analysis.Analyzer
	patterns   []string
}

// parseRun parses args as the x/tools checker would; ok is false on any flag
// it does not know, or with no patterns.
func parseRun(args []string) (run runFlags, ok bool) {
	fs := flag.NewFlagSet("retrylint", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.BoolVar(&run.json, "json", false, "")
	fs.IntVar(&run.context, "c", -1, "")
	fs.BoolVar(&run.tests, "test", true, "")
	fs.StringVar(&run.cpuprofile, "cpuprofile", "", "")
	fs.Var(&configFlag{}, "config", "")
	run.build.Register(fs)
	all := analyzers.All()
	enable := make([]triState, len(all))
	for i, a := range all {
		fs.Var(&enable[i], a.Name, "")
	}
	if fs.Parse(args) != nil || fs.NArg() == 0 || fs.Arg(0) == "help" {
		return run, false
	}
	run.patterns = fs.Args()
	run.analyzers = selected(all, enable)
	return run, true
}

// selectRules tells the rules which of them run (analyzers.Select), from the -RULE
// switches among args, for every driver.
func selectRules(args []string) {
	all := analyzers.All()
	enable := make([]triState, len(all))
	for _, a := range args {
		if a == "--" {
			break
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !strings.HasPrefix(a, "-") {
			continue
		}
		for i, an := range all {
			if an.Name == name {
				if !hasValue {
					value = "true"
				}
				enable[i].Set(value)
			}
		}
	}
	var names []string
	for _, a := range selected(all, enable) {
		names = append(names, a.Name)
	}
	analyzers.Select(names)
}

// selected applies the -RULE switches: if any is true, only those rules run;
// otherwise every rule runs except those set false.
func selected(all []*analysis.Analyzer, enable []triState) []*analysis.Analyzer {
	want := unset
	for _, e := range enable {
		if e == setTrue {
			want = setTrue
		}
	}
	var out []*analysis.Analyzer
	for i, a := range all {
		if want == setTrue && enable[i] == setTrue || want == unset && enable[i] != setFalse {
			out = append(out, a)
		}
	}
	return out
}

// printPackageErrors prints each cause that keeps packages from the analysis on
// one line, with what to do (load.Problems: a cause that many packages share,
// such as a module that cannot be downloaded, once), and each main module of
// which nothing is analysed; it returns how many causes it printed.
func printPackageErrors(w io.Writer, pkgs []*packages.Package) int {
	wd, _ := os.Getwd()
	rel := func(p string) (string, bool) { r := relToWd(wd, p); return r, r != p }
	problems := load.Problems(pkgs)
	for _, p := range problems {
		fmt.Fprintf(w, "retrylint: %s\n", safetext.Line(safetext.Paths(p.String(), rel)))
	}
	if len(problems) > 0 {
		for _, line := range load.NothingAnalysed(pkgs) {
			fmt.Fprintf(w, "retrylint: %s\n", safetext.Line(line))
		}
	}
	return len(problems)
}

// analysable drops the packages that do not build (printPackageErrors said why)
// or import one that does not: the checker would print a line per rule saying
// it skipped them.
func analysable(pkgs []*packages.Package) []*packages.Package {
	var out []*packages.Package
	for _, p := range pkgs {
		if !p.IllTyped {
			out = append(out, p)
		}
	}
	return out
}

// printFindings prints the diagnostics (text on stderr, or JSON with each
// rule's page on stdout) and returns the exit status: 1 if an analysis failed,
// 3 if there are findings (text only), else 0.
func printFindings(g *checker.Graph, run runFlags) int {
	if run.json {
		var buf bytes.Buffer
		if err := g.PrintJSON(&buf); err != nil {
			return 1
		}
		os.Stdout.Write(addURLs(buf.Bytes(), ruleURLs()))
		return 0
	}
	failed, found := printPlain(os.Stderr, g, run.context)
	switch {
	case failed:
		return 1
	case found:
		return 3
	}
	return 0
}

// startCPUProfile profiles the run into file until stop is called.
func startCPUProfile(file string) (stop func(), err error) {
	f, err := os.Create(file)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() { pprof.StopCPUProfile(); f.Close() }, nil
}

// triState is a -RULE switch: unset, or set true or false.
type triState int

const (
	unset triState = iota
	setTrue
	setFalse
)

func (t *triState) IsBoolFlag() bool { return true }

func (t *triState) String() string {
	switch *t {
	case setTrue:
		return "true"
	case setFalse:
		return "false"
	}
	return "unset"
}

func (t *triState) Set(v string) error {
	b, err := strconv.ParseBool(v)
	if err != nil {
		return err
	}
	*t = setFalse
	if b {
		*t = setTrue
	}
	return nil
}
