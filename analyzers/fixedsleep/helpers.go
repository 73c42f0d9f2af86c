package fixedsleep

import (
	"github.com/retrylint/retrylint/analyzers/internal/lint"
	"github.com/retrylint/retrylint/analyzers/retryscope"
)

// checkHelper reports a retry helper configured for a constant delay without
// jitter, or for no delay at all.
func checkHelper(p *lint.Pass, r *retryscope.Region, seen lint.Seen) {
	pol := r.Helper.Policy()
	if pol.WaitAt == nil || seen[pol.WaitAt] {
		return
	}
	switch {
	case pol.Shape == retryscope.ShapeConstant && pol.Jitter == retryscope.TriNo:
		seen[pol.WaitAt] = true
		p.Reportf(pol.WaitAt, "%s waits the same delay before every attempt: %s", r.Helper.Name(), hint(pol.Family))
	case pol.Shape == retryscope.ShapeNone:
		seen[pol.WaitAt] = true
		p.Reportf(pol.WaitAt, "%s retries at once, without any delay: %s", r.Helper.Name(), hint(pol.Family))
	}
}

// hint says how to back off with the helper's library.
func hint(family string) string {
	switch family {
	case "backoff-v4", "backoff-v5":
		return "use backoff.NewExponentialBackOff(), which grows the wait and adds jitter"
	case "retry-go":
		return "keep retry-go's default delay type (exponential with jitter) or use retry.FullJitterBackoffDelay"
	case "go-retry":
		return "use retry.NewExponential wrapped in retry.WithJitterPercent"
	case "k8s-retry", "k8s-wait":
		return "set Factor above 1 and a Jitter in the wait.Backoff"
	case "failsafe":
		return "use WithBackoff(delay, maxDelay) and WithJitterFactor"
	}
	return "back off exponentially, with a cap and jitter"
}
