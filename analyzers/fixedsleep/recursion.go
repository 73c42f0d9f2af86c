package fixedsleep

import (
	"github.com/retrylint/retrylint/analyzers/internal/lint"
	"github.com/retrylint/retrylint/analyzers/retryscope"
)

// withHotRecursion adds to run the recursive retries that call themselves
// again at once after a failure: a function that, on the failure of its
// remote attempt, returns its own call with the same input, and neither waits
// nor calls anything of its package on the way
// (retryscope.Region.RecursesStraight), is a hot retry as a loop without a
// wait is, judged by the same exceptions (quietAtOnce), and unless it makes
// only a few calls in all.
func withHotRecursion(run func(*lint.Pass) error) func(*lint.Pass) error {
	return func(p *lint.Pass) error {
		if err := run(p); err != nil {
			return err
		}
		for _, r := range p.Scope.Regions {
			if r.Kind != retryscope.RecursionRegion || !r.Remote() || !r.RecursesStraight() || len(r.Waits) > 0 || quietAtOnce(p, r) || p.Scope.FewRecursions(r) || retryscope.BlocksOnChannel(p.TypesInfo, r.Body) {
				continue
			}
			p.ReportRegion(r, nil, "", nil, "recursive retry calls itself again at once after a failure: wait between attempts, with capped exponential backoff and jitter")
		}
		return nil
	}
}
