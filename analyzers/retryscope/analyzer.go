// Package retryscope defines the engine of retrylint: an Analyzer whose Result says
// which code of a package may run again because an earlier run failed (retry
// regions), which functions run inside transactions, which acknowledge messages, and
// where the sites the review checklist asks about are (SitesAnalyzer, sites.go).
//
// A retry region is one of:
//   - a for, range or goto loop in which a call's failure leads to another
//     iteration and its success leaves the loop ("failure iterates, success
//     exits"), which sets retries apart from periodic workers, pollers and
//     batch drains; a loop whose attempt takes an input drawn anew on every
//     iteration (a random candidate, the next message of a stream) is a search
//     or a drain, and one that drops the failed target and picks another is
//     failover (loop_fresh.go, loop_failover.go);
//   - a function that calls itself again when a call fails;
//   - a function handed to a retry helper: one from the knowledge base, or one
//     the engine inferred (a function that retries its func-typed parameter,
//     exported as a RetryWrapper fact so callers in other packages see it too).
//
// The files are grouped by concern:
//   - the core model: analyzer.go, engine.go, config.go (configuration and
//     ignore directives, ignore.go), result.go, regionapi.go, facts.go,
//     export.go, origin.go, funcs.go (the package's function index), memo.go,
//     wrappers.go (wrapper inference), sites.go, recover.go;
//   - loops and attempts: loop_*.go;
//   - waits and bounds: wait_*.go;
//   - the library registry, one file per family (retry helpers, and clients
//     whose retry settings are read: lib_clients.go and its families), helper
//     calls, and what the registry understands (lib_knowledge.go): lib_*.go;
//   - database and message APIs, and clients that retry by themselves: api_*.go.
package retryscope

import (
	"reflect"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
)

// Analyzer computes the Result of a package. It reports nothing itself.
var Analyzer = &analysis.Analyzer{
	Name:       "retryscope",
	Doc:        "find retry regions, transaction callbacks and message handlers",
	URL:        "https://github.com/retrylint/retrylint/tree/main/analyzers/retryscope",
	Requires:   []*analysis.Analyzer{inspect.Analyzer, ConfigAnalyzer, HandlersAnalyzer},
	ResultType: reflect.TypeOf((*Result)(nil)),
	FactTypes:  []analysis.Fact{(*RetryWrapper)(nil), (*Retries)(nil), (*TxWrapper)(nil), (*Remote)(nil), (*ReadsStatus)(nil), (*RemoteScanned)(nil), (*StickyWrites)(nil), (*LocalSentinel)(nil), (*LocalImpls)(nil), (*VerdictMethod)(nil), (*BoundsAnswer)(nil), (*NoVerdict)(nil), (*WaitsParam)(nil), (*SendsClient)(nil), (*PassesContext)(nil), (*RoundValues)(nil), (*ReadsStdin)(nil)},
	Run:        run,
}

func run(pass *analysis.Pass) (result any, err error) {
	defer guard(pass, &result, &err) // a panic: an empty Result with Err (recover.go)
	cfg := pass.ResultOf[ConfigAnalyzer].(*Config)
	if cfg.Err != nil {
		return nil, cfg.Err
	}
	res := &Result{
		Knowledge: cfg.Knowledge,
		Ignores:   cfg.Ignores,
		Handlers:  pass.ResultOf[HandlersAnalyzer].([]*Handler),
		info:      pass.TypesInfo,
		pkg:       pass.Pkg,
		module:    analysedModule(pass),
		files:     pass.Files,
	}
	result = res // for guard: a panic after the function index keeps it
	analyze(pass, res)
	return res, nil
}
