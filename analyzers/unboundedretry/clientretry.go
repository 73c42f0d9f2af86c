package unboundedretry

import (
	"go/ast"

	"github.com/retrylint/retrylint/analyzers/internal/lint"
)

// checkClientRetries reports the clients' own retry configurations whose
// settings remove the attempt limit (AWS retry.AddWithMaxAttempts(r, 0)):
// every call of the client retries until its context ends.
func checkClientRetries(p *lint.Pass, seen map[ast.Node]bool) {
	for _, c := range p.Scope.ClientRetries {
		at := c.Policy.Unbounded
		if at == nil || seen[at] {
			continue
		}
		seen[at] = true
		p.Reportf(at, "%s retries every call without an attempt limit (%s), until the call's context ends: %s", c.Name, render(at), c.Hints(at).Bound)
	}
}
