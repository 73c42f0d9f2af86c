package retryscope

import (
	"fmt"
	"path/filepath"
	"runtime"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/rules"
)

// guard is deferred by run. Neither the x/tools checker nor go vet's unitchecker
// recovers a panicking analyzer: the process dies, and no package's findings are
// printed. An error would be no better here: the engine failing on a package fails
// it on every package that imports it (a failed prerequisite), and under facts that
// is most of the run. So a panic becomes an empty Result whose Err says what
// happened: the rules that read regions report Err on the package (lint.New) and
// find nothing else in it, the others (lint.Independent) go on with the
// configuration and handlers, which separate analyzers found, and importers go
// on without the package's facts.
func guard(pass *analysis.Pass, result *any, err *error) {
	v := recover()
	if v == nil {
		return
	}
	k, ig := rules.Default(), &Ignores{fset: pass.Fset}
	if cfg, _ := pass.ResultOf[ConfigAnalyzer].(*Config); cfg != nil && cfg.Knowledge != nil {
		k, ig = cfg.Knowledge, cfg.Ignores
	}
	handlers, _ := pass.ResultOf[HandlersAnalyzer].([]*Handler)
	// The function index does not depend on region detection: a panic after
	// it keeps it, and with it the answers of HasDeadline and MakesDeadline
	// that httptimeout, independent of regions, asks.
	funcs := &funcIndex{}
	if r, _ := (*result).(*Result); r != nil && r.funcs != nil {
		funcs = r.funcs
	}
	*result = &Result{
		Knowledge: k,
		Ignores:   ig,
		Handlers:  handlers,
		Err:       Recovered("retryscope", pass, v),
		info:      pass.TypesInfo,
		pkg:       pass.Pkg,
		funcs:     funcs,
	}
	*err = nil
}

// Recovered turns the value of a recovered panic into the error retrylint
// reports: the analyzer, where in retrylint's code it panicked, the package it
// was analysing, and the value. Call it from the deferred function that
// recovered, so that the panicking frame is still on the stack.
func Recovered(analyzer string, pass *analysis.Pass, v any) error {
	pkg := "?"
	if pass != nil && pass.Pkg != nil {
		pkg = pass.Pkg.Path()
	}
	return fmt.Errorf("retrylint: %s panicked at %s (package %s): %v", analyzer, panicSite(), pkg, v)
}

// panicSite returns file:line of retrylint's function that panicked: the first
// frame below runtime.gopanic in retrylint's code, else the first one outside
// the runtime (runtime.sigpanic and runtime.panicIndex stand between a nil
// dereference or a bad index and it; go/ast.Walk may stand between it and the
// rule's callback).
func panicSite() string {
	pcs := make([]uintptr, 64)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(2, pcs)])
	panicking, site := false, ""
	for {
		f, more := frames.Next()
		switch {
		case f.Function == "runtime.gopanic":
			panicking = true
		case !panicking || strings.HasPrefix(f.Function, "runtime."):
		case strings.HasPrefix(f.Function, modulePath):
			return shortSite(f)
		case site == "":
			site = shortSite(f)
		}
		if !more {
			break
		}
	}
	if site == "" {
		return "unknown position"
	}
	return site
}

// modulePath prefixes the functions of retrylint's own code.
const modulePath = "github.com/retrylint/retrylint/"

func shortSite(f runtime.Frame) string {
	return filepath.Base(filepath.Dir(f.File)) + "/" + filepath.Base(f.File) + fmt.Sprintf(":%d", f.Line)
}
