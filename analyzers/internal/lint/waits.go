package lint

import (
	"go/ast"

	"github.com/retrylint/retrylint/analyzers/retryscope"
)

// Seen holds the nodes a rule has already reported. Regions can share a node (a
// backoff policy built once and used by two helper calls, a wait reached from
// two nested loops), and each is reported once.
type Seen map[ast.Node]bool

// WaitChecks returns the run function of a rule about the wait between attempts
// (fixedsleep, nojitter): loop is called for each hand-written retry loop that
// is not a failover over a list of targets (its pace is set by the list, not by
// a backoff), helper for each callback of a retry helper. Both share one Seen.
// Only regions whose attempt may reach another system are checked: a backoff
// or jitter protects a shared dependency, and a local attempt has none. clients
// checks the clients' own retry configurations (Result.ClientRetries), after
// the regions, with the same Seen.
func WaitChecks(loop, helper func(*Pass, *retryscope.Region, Seen), clients func(*Pass, Seen)) func(*Pass) error {
	return func(p *Pass) error {
		seen := make(Seen)
		for _, r := range p.Scope.Regions {
			if !r.Remote() {
				continue
			}
			switch r.Kind {
			case retryscope.LoopRegion:
				if !r.Failover {
					loop(p, r, seen)
				}
			case retryscope.CallbackRegion:
				helper(p, r, seen)
			}
		}
		clients(p, seen)
		return nil
	}
}
