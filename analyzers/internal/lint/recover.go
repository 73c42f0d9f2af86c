package lint

import (
	"sync/atomic"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/retryscope"
	"github.com/retrylint/retrylint/internal/rules"
)

// guarded wraps a rule's Run. The drivers (the x/tools checker, go vet's
// unitchecker) do not recover panics: one panicking rule on one package would
// kill the process and every other package's findings with it. A panic becomes
// the rule's error on that package instead, naming the rule and where it
// panicked; the other rules and packages go on. When the engine itself panicked
// on the package (retryscope.Result.Err), the first rule of the catalog that
// runs on it and reads regions reports that once, and every rule that reads
// regions skips the package; Independent rules go on.
func guarded(name string, run func(*analysis.Pass) (any, error)) func(*analysis.Pass) (any, error) {
	return func(p *analysis.Pass) (result any, err error) {
		if scope, _ := p.ResultOf[retryscope.Analyzer].(*retryscope.Result); scope != nil && scope.Err != nil && !independent[name] {
			if firstRunning(scope.Knowledge, false) == name {
				return struct{}{}, scope.Err
			}
			return struct{}{}, nil
		}
		defer func() {
			if v := recover(); v != nil {
				result, err = struct{}{}, retryscope.Recovered(name, p, v)
			}
		}()
		return run(p)
	}
}

// firstRunning is the rule that reports what concerns a package as a whole
// rather than one rule (the engine's failure, the ignore directives' problems),
// so that it is reported once: the first of the catalog that the run selected
// and the configuration enables and, unless withIndependent, that reads regions.
func firstRunning(k *rules.Knowledge, withIndependent bool) string {
	for _, name := range rules.Names() {
		if !Selected(name) || (independent[name] && !withIndependent) {
			continue
		}
		if k == nil {
			return name
		}
		if r, ok := k.Rule(name); !ok || r.IsEnabled() {
			return name
		}
	}
	return ""
}

// selected holds the rules a driver runs (its -RULE switches); nil: all.
var selected atomic.Pointer[map[string]bool]

// Select records the rules the driver runs, so that the engine's failure is
// reported by one that does; nil means all.
func Select(names []string) {
	if names == nil {
		selected.Store(nil)
		return
	}
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	selected.Store(&m)
}

// Selected reports whether the driver runs the rule.
func Selected(name string) bool {
	m := selected.Load()
	return m == nil || (*m)[name]
}

// configError is what an Independent rule returns on a package whose
// configuration is broken. The engine reports it (the rules that read regions
// fail with it as a prerequisite); when the run selected no such rule, the
// engine may not run, and the first selected Independent rule reports it.
func configError(name string, err error) error {
	for _, n := range rules.Names() {
		if Selected(n) && !independent[n] {
			return nil
		}
		if Selected(n) {
			if n == name {
				return err
			}
			return nil
		}
	}
	return nil
}
