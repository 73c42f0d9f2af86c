package unboundedretry

import (
	"github.com/retrylint/retrylint/analyzers/internal/lint"
)

// checkStopSkips reports the loops whose stop check lies only on the way
// their success takes (retryscope.Result.StopSkips): the failure waits and
// goes straight back to the attempt, so the stop bounds nothing while the
// attempt keeps failing.
func checkStopSkips(p *lint.Pass) {
	for _, r := range p.Scope.StopSkips {
		if !r.Remote() || statedEndless(p, r) {
			continue
		}
		stop := describe(p.TypesInfo, p.Scope.SkippedStop(r))
		p.ReportRegion(r, nil, "", nil, "retry loop checks its stop %s only after a success: a call that keeps failing is retried forever, also after the stop; check the stop on the failure path too (wait in a select on it and a timer), or cap the attempts", stop)
	}
}
