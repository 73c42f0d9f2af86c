package fixedsleep

import (
	"github.com/retrylint/retrylint/analyzers/internal/lint"
	"github.com/retrylint/retrylint/analyzers/retryscope"
)

// checkClientRetries reports the clients' own retry configurations whose wait
// does not grow: a constant delay without jitter (go-grpc-middleware's BackoffLinear),
// or one the configuration fixes while the library adds only its own narrow
// jitter band (a gRPC retryPolicy with backoffMultiplier 1 waits
// initialBackoff ±20 % every time, so a failing server gets no relief).
// Options that state a few quick tries (Tries.Quick: at most 5 attempts
// waiting at most 5 s in all, the bar of a hand-written loop) are over before
// a pace could matter.
func checkClientRetries(p *lint.Pass, seen lint.Seen) {
	for _, c := range p.Scope.ClientRetries {
		pol := c.Policy
		if pol.Shape != retryscope.ShapeConstant || pol.WaitAt == nil || seen[pol.WaitAt] || pol.Tries.Quick() {
			continue
		}
		if pol.Jitter == retryscope.TriNo || pol.Jitter == retryscope.TriYes && pol.JitterAt == nil {
			seen[pol.WaitAt] = true
			p.Reportf(pol.WaitAt, "%s", c.Name+" waits the same delay before every attempt ("+c.WaitWhy+"): "+c.Hints(pol.WaitAt).Backoff)
		}
	}
}
