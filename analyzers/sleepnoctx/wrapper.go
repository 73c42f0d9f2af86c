package sleepnoctx

import (
	"github.com/retrylint/retrylint/analyzers/internal/code"
	"github.com/retrylint/retrylint/analyzers/internal/lint"
	"github.com/retrylint/retrylint/analyzers/retryscope"
)

// checkVerdictWrapper reports a call of a verdict wrapper (a poll-or-retry
// loop run by its callback's (bool, error) answer) that sleeps the duration
// the call hands it with nothing but the timer to end the sleep and takes no
// context, from a function that holds one: the call's callback tries again on
// a failure (the engine makes a region only then), so its waits are a retry's
// waits, and a cancellation of the caller waits out every round the wrapper
// still makes. The wrapper's own loop cannot tell a retry from a poll; its
// calls can. A duration provably under longWait is left out, as a short wait
// is anywhere.
func checkVerdictWrapper(p *lint.Pass, r *retryscope.Region) {
	h := r.Helper
	i := h.Wrapper.SleepParam - 1
	if i < 0 || i >= len(h.Call.Args) || h.Call.Ellipsis.IsValid() {
		return
	}
	if d, ok := durationAtMost(p, h.Call.Args[i]); ok && d < longWait {
		return
	}
	ctx := r.Context.Name()
	name := code.ShortName(h.Func)
	p.ReportRegion(r, nil, "", nil, "%s sleeps between attempts and takes no context, so %s's cancellation waits out its rounds: give %s a context.Context and wait in a select on ctx.Done() and a timer", name, ctx, name)
}
