package retryall

import (
	"strings"

	"github.com/retrylint/retrylint/analyzers/internal/lint"
)

// checkClientRetries reports the clients' own retry configurations (a gRPC
// service config's retryPolicy, retry interceptor options) that retry a status that
// is not transient, and those the library rejects or ignores: a policy that
// does not retry as written leaves the calls it was meant to protect with no
// retry at all, or fails the client's construction.
func checkClientRetries(p *lint.Pass) {
	transient := strings.Join(p.Knowledge.Knowledge.GRPC.TransientCodes, ", ")
	for _, c := range p.Scope.ClientRetries {
		for _, bad := range c.Invalid {
			p.Reportf(bad.At, "%s", c.Name+" does not retry as written: "+bad.Why)
		}
		for _, r := range c.Permanent {
			p.Reportf(r.At, "%s", c.Name+" retries "+r.Code+", which sending the same call again does not fix: "+
				c.Hints(r.At).Classify+" ("+transient+")")
		}
	}
}
