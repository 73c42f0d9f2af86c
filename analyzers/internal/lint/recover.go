package lint

import (
	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/retryscope"
	"github.com/retrylint/retrylint/internal/rules"
)

// guarded wraps a rule's Run. The drivers (the x/tools checker, go vet's
// unitchecker) do not recover panics: one panicking rule on one package would
// kill the process and every other package's findings with it. A panic becomes
// the rule's error on that package instead, naming the rule and where it
// panicked; the other rules and packages go on. When the engine itself panicked
// on the package (retryscope.Result.Err), the first rule of the catalog reports
// that once and every rule skips the package.
func guarded(name string, run func(*analysis.Pass) (any, error)) func(*analysis.Pass) (any, error) {
	return func(p *analysis.Pass) (result any, err error) {
		if scope, _ := p.ResultOf[retryscope.Analyzer].(*retryscope.Result); scope != nil && scope.Err != nil {
			if names := rules.Names(); len(names) > 0 && names[0] == name {
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
