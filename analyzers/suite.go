// Package analyzers lists retrylint's analyzers in catalog order.
package analyzers

import (
	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/retryall"
	"github.com/retrylint/retrylint/analyzers/sleepnoctx"
)

// All returns every rule's Analyzer, in the order of the catalog (rules.yaml).
func All() []*analysis.Analyzer {
	return []*analysis.Analyzer{
		retryall.Analyzer,
		sleepnoctx.Analyzer,
	}
}
