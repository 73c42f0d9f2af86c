package retryall

import (
	"github.com/retrylint/retrylint/analyzers/internal/code"
	"github.com/retrylint/retrylint/analyzers/internal/lint"
)

// checkVerdictImpls reports the implementations of an interface method whose
// verdict a retry loop obeys (retryscope.VerdictImpl) that answer "again" on
// every failure of a remote attempt: a callback literal handed to a verdict
// wrapper is reported so, and the implementation is the callback here.
func checkVerdictImpls(p *lint.Pass) {
	for _, v := range p.Scope.VerdictImpls {
		r := v.Region
		if !r.MayBeRefused() || r.Classified() {
			continue
		}
		p.ReportRegion(r, nil, "", nil, "%s answers %v (try again) on every error, and the retry loop in %s obeys %s: answer %v for permanent failures (check errors.Is/As or the status code)",
			code.DisplayName(v.Impl), v.Fact.AgainWhen, v.Fact.Loop, code.DisplayName(v.Method), !v.Fact.AgainWhen)
	}
}
