package fixedsleep

import (
	"go/constant"

	"github.com/retrylint/retrylint/analyzers/internal/lint"
	"github.com/retrylint/retrylint/analyzers/retryscope"
)

// checkHelper reports a retry helper configured for a constant delay without
// jitter, or for no delay at all.
func checkHelper(p *lint.Pass, r *retryscope.Region, seen lint.Seen) {
	if !zeroWait(p, r, seen) {
		reportPolicy(p, r, r.Helper, seen)
	}
}

// reportPolicy reports the library backoff of a region (the helper's, or one
// a hand-written loop waits on) set to a constant delay without jitter, or to
// no delay at all, naming the setting that makes it so. A constant delay that
// paces a single caller (Region.PacesOneProcess) keeps no herd in step, and one
// between the probes of a readiness wait (Result.ProbesUntilReady) or of a
// callback that marks every failure final (Result.PollsCondition) is a poll's
// pace: quiet; no delay at all is a burst, whoever retries.
func reportPolicy(p *lint.Pass, r *retryscope.Region, b *retryscope.HelperCall, seen lint.Seen) {
	pol := b.Policy()
	if pol.WaitAt == nil || seen[pol.WaitAt] {
		return
	}
	switch {
	case pol.Shape == retryscope.ShapeConstant && pol.Jitter == retryscope.TriNo && !r.PacesOneProcess() && !p.Scope.ProbesUntilReady(r) && !p.Scope.PollsCondition(r) && !p.Scope.FewQuickTries(r):
		seen[pol.WaitAt] = true
		if r.Kind == retryscope.LoopRegion {
			p.ReportRegion(r, pol.WaitAt, "the wait setting", nil, "retry loop waits the same delay before every attempt (%s): %s", b.Name(), b.Hints(pol.WaitAt).Backoff)
			return
		}
		p.ReportRegion(r, pol.WaitAt, "the wait setting", nil, "%s waits the same delay before every attempt: %s", b.Name(), b.Hints(pol.WaitAt).Backoff)
	case pol.Shape == retryscope.ShapeNone:
		seen[pol.WaitAt] = true
		p.ReportRegion(r, pol.WaitAt, "the wait setting", nil, "%s retries at once, without any delay: %s", b.Name(), b.Hints(pol.WaitAt).Backoff)
	}
}

// zeroWait reports (and reports whether it did) a call of a wrapper that
// waits the duration its caller passes, when the call passes a constant 0:
// the wrapper would wait between attempts, and this caller chose not to.
func zeroWait(p *lint.Pass, r *retryscope.Region, seen lint.Seen) bool {
	w, call := r.Helper.Wrapper, r.Helper.Call
	if w == nil || w.WaitParam == 0 || w.WaitParam > len(call.Args) || call.Ellipsis.IsValid() {
		return false
	}
	arg := call.Args[w.WaitParam-1]
	tv, ok := p.TypesInfo.Types[arg]
	if !ok || tv.Value == nil || constant.Sign(tv.Value) != 0 || seen[arg] {
		return false
	}
	seen[arg] = true
	p.Reportf(arg, "%s retries at once: the wait passed to it is 0; wait between attempts, with capped exponential backoff and jitter", r.Helper.Name())
	return true
}
