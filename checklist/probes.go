package checklist

import (
	"fmt"
	"sort"
	"strings"

	"github.com/retrylint/retrylint/analyzers/retryscope"
	"github.com/retrylint/retrylint/internal/rules"
)

// A probe looks for the part of an item that can be seen in the code and says
// what it saw; the item stays review, because seeing a circuit breaker import
// or a log call is not knowing the policy is right.
type probe func(it *Item, c *collected, k *rules.Knowledge) []string

// probes are keyed by checklist item id (rules.yaml).
var probes = map[string]probe{
	"retry-budget":    budgetProbe,
	"retry-telemetry": observabilityProbe,
}

func probeFor(id string) probe { return probes[id] }

// budgetProbe reports, for each changed retry region, whether its function
// calls into a retry-budget or circuit-breaker library of the knowledge base.
// An import elsewhere in the package proves nothing about this retry, so it
// is named only as what the region does not use.
func budgetProbe(it *Item, c *collected, k *rules.Knowledge) []string {
	var out []string
	for _, r := range c.regions {
		used := usedPackages(r, enclosingFunc(r), k.IsBudgetLibrary)
		where := fmt.Sprintf("%s:%d (%s)", r.site.File, r.site.Line, r.site.Detail)
		if len(used) > 0 {
			out = append(out, where+": its function calls "+strings.Join(used, ", "))
			continue
		}
		var imported []string
		for path := range r.pkg.Imports {
			if k.IsBudgetLibrary(path) {
				imported = append(imported, path)
			}
		}
		sort.Strings(imported)
		note := "no retry-budget or circuit-breaker call in its function"
		if len(imported) > 0 {
			note += " (the package imports " + strings.Join(imported, ", ") + ", elsewhere)"
		}
		out = append(out, where+": "+note)
	}
	return out
}

// siteFilters narrow the sites that make an item relevant, by item id.
var siteFilters = map[string]func(c *collected, s SiteRef) bool{
	// A retry without a transaction in it has no statement to retry on its
	// own: the question is n/a there, not a pass.
	"whole-transaction-retry": func(c *collected, s SiteRef) bool {
		if s.Kind != string(retryscope.SiteRetry) {
			return true
		}
		for _, r := range c.regions {
			if r.site.File == s.File && r.site.Line == s.Line {
				return touchesTransaction(r)
			}
		}
		return true
	},
}

// observabilityProbe says which changed retry regions log or count their
// attempts, and whether the attempt number is part of it.
func observabilityProbe(it *Item, c *collected, k *rules.Knowledge) []string {
	var logged, numbered int
	var out []string
	for _, r := range c.regions {
		obs := observe(r)
		note := "no log, metric or trace call seen in the region"
		if len(obs.apis) > 0 {
			logged++
			note = "calls " + strings.Join(obs.apis, ", ")
			if obs.attempt {
				numbered++
				note += " with the attempt number"
			} else {
				note += "; attempt number not seen"
			}
		}
		out = append(out, fmt.Sprintf("%s:%d (%s): %s", r.site.File, r.site.Line, r.site.Detail, note))
	}
	if len(c.regions) == 0 {
		return nil
	}
	head := fmt.Sprintf("%d of %s log, meter or trace attempts; %d with the attempt number",
		logged, plural(len(c.regions), "changed retry region", "changed retry regions"), numbered)
	return append([]string{head}, out...)
}
