package fixedsleep

import (
	"time"

	"github.com/retrylint/retrylint/analyzers/internal/code"
	"github.com/retrylint/retrylint/analyzers/internal/lint"
	"github.com/retrylint/retrylint/analyzers/retryscope"
)

// steadyPace reports whether a constant wait (a time.Duration constant)
// keeps a retry that gives up after a modest number of tries at one call a
// second or less (retryscope.Result.SteadyModestTries): ten calls a few
// seconds apart keep no dependency down, and a growing wait would change
// when they land, not how many.
func steadyPace(p *lint.Pass, r *retryscope.Region, w *retryscope.Wait) bool {
	if !code.IsNamed(p.TypesInfo.TypeOf(w.Duration), "time", "Duration") {
		return false
	}
	d, ok := code.Int(p.TypesInfo, w.Duration)
	return ok && p.Scope.SteadyModestTries(r, time.Duration(d))
}
