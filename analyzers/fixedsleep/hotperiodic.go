package fixedsleep

import (
	"github.com/retrylint/retrylint/analyzers/internal/lint"
)

// withHotPeriodic adds to run the periodic jobs that go round at once after a
// failure (retryscope.HotPeriodicFailures): only their success waits, so an
// outage of the system they call turns them into a loop that calls it again
// without pause.
func withHotPeriodic(run func(*lint.Pass) error) func(*lint.Pass) error {
	return func(p *lint.Pass) error {
		if err := run(p); err != nil {
			return err
		}
		for _, r := range p.Scope.HotPeriodicFailures() {
			p.ReportRegion(r, nil, "", nil, "periodic loop goes round at once after a failure: only its success path waits, so while the system it calls is down it calls it again without pause; wait on the failure path too, with capped exponential backoff and jitter")
		}
		for _, r := range p.Scope.ClassWaitLoops() {
			checkSomeErrorsWait(p, r, lint.Seen{})
		}
		return nil
	}
}
