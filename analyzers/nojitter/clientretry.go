package nojitter

import (
	"github.com/retrylint/retrylint/analyzers/internal/lint"
)

// checkClientRetries reports the clients' own retry configurations that grow
// their wait without randomness: go-grpc-middleware's BackoffExponential, a
// self-retrying client set to such a wait (go-retryablehttp Backoff:
// retryablehttp.DefaultBackoff). A gRPC retryPolicy is never reported:
// grpc-go jitters every wait.
func checkClientRetries(p *lint.Pass, seen lint.Seen) {
	for _, c := range p.Scope.ClientRetries {
		at := unjittered(c.Policy)
		if at == nil || seen[at] {
			continue
		}
		seen[at] = true
		p.Reportf(at, "%s backs off without jitter: %s", c.Name, c.Hints(at).Jitter)
	}
}
