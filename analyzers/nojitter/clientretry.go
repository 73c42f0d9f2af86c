package nojitter

import (
	"github.com/retrylint/retrylint/analyzers/internal/lint"
	"github.com/retrylint/retrylint/analyzers/retryscope"
)

// checkClientRetries reports client retry configurations that grow their wait
// without randomness (go-grpc-middleware's BackoffExponential). A gRPC
// retryPolicy is never reported: grpc-go jitters every wait.
func checkClientRetries(p *lint.Pass, seen lint.Seen) {
	for _, c := range p.Scope.ClientRetries {
		pol := c.Policy
		at := pol.JitterAt
		if at == nil {
			at = pol.WaitAt
		}
		if pol.Shape != retryscope.ShapeExponential || pol.Jitter != retryscope.TriNo || at == nil || seen[at] {
			continue
		}
		seen[at] = true
		p.Reportf(at, "%s", c.Name+" backs off without jitter: "+c.Hints().Jitter)
	}
}
