package unboundedretry

import (
	"github.com/retrylint/retrylint/analyzers/internal/lint"
	"github.com/retrylint/retrylint/analyzers/retryscope"
)

// reportNeverFires reports a retry whose only end is a stop that provably
// never fires (retryscope.Result.StopNeverFires). A stop handed in from
// outside the function, a context or a channel, is the bound of whoever
// hands it in, out of reach here: that retry is not reported. A channel the
// function makes itself keeps the finding: no caller bounds it.
func reportNeverFires(p *lint.Pass, r *retryscope.Region, what, fix string) {
	switch why := p.Scope.StopNeverFires(r); {
	case why != "":
		p.ReportRegion(r, nil, "", nil, "%s has no attempt limit and no deadline: %s never fires, as %s; %s or set a deadline",
			what, describe(p.TypesInfo, r.Bound.Deadline), why, fix)
	case p.Scope.StopMadeHere(r): // no caller's bound: the function decides when it closes
		p.ReportRegion(r, nil, "", nil, "%s has no attempt limit and ends only through %s: %s, or set a deadline",
			what, describe(p.TypesInfo, r.Bound.Deadline), fix)
	}
}
