// Package analyzers lists retrylint's analyzers in catalog order.
package analyzers

import (
	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/checkpointorder"
	"github.com/retrylint/retrylint/analyzers/fixedsleep"
	"github.com/retrylint/retrylint/analyzers/httptimeout"
	"github.com/retrylint/retrylint/analyzers/idempotencykey"
	"github.com/retrylint/retrylint/analyzers/internal/code"
	"github.com/retrylint/retrylint/analyzers/internal/lint"
	"github.com/retrylint/retrylint/analyzers/nestedretry"
	"github.com/retrylint/retrylint/analyzers/nojitter"
	"github.com/retrylint/retrylint/analyzers/retryafter"
	"github.com/retrylint/retrylint/analyzers/retryall"
	"github.com/retrylint/retrylint/analyzers/retrybody"
	"github.com/retrylint/retrylint/analyzers/retryleak"
	"github.com/retrylint/retrylint/analyzers/retrystate"
	"github.com/retrylint/retrylint/analyzers/sleepnoctx"
	"github.com/retrylint/retrylint/analyzers/txsideeffect"
	"github.com/retrylint/retrylint/analyzers/txstmtretry"
	"github.com/retrylint/retrylint/analyzers/unboundedretry"
)

// All returns every rule's Analyzer, in the order of the catalog (rules.yaml).
func All() []*analysis.Analyzer {
	return []*analysis.Analyzer{
		retryall.Analyzer,
		fixedsleep.Analyzer,
		nojitter.Analyzer,
		sleepnoctx.Analyzer,
		unboundedretry.Analyzer,
		nestedretry.Analyzer,
		idempotencykey.Analyzer,
		txsideeffect.Analyzer,
		txstmtretry.Analyzer,
		httptimeout.Analyzer,
		checkpointorder.Analyzer,
		retrybody.Analyzer,
		retryleak.Analyzer,
		retryafter.Analyzer,
		retrystate.Analyzer,
	}
}

// Select tells the rules which of them the driver runs (its -RULE switches):
// the engine's failure on a package is reported by the first of them.
func Select(names []string) { lint.Select(names) }

// CountVisits runs f and returns the number of syntax nodes the analyzers
// visited meanwhile (their walks, not the inspector's one pass). For the
// benchmarks: f must not overlap another CountVisits.
func CountVisits(f func()) int64 { return code.CountVisits(f) }
