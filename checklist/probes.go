package checklist

import (
	"fmt"
	"sort"
	"strings"

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

// budgetProbe reports, for each package with changed retry code, whether it
// imports a retry-budget or circuit-breaker library of the knowledge base.
// Only direct imports count: a budget enforced two packages away is a
// question for the reviewer anyway.
func budgetProbe(it *Item, c *collected, k *rules.Knowledge) []string {
	seen := make(map[string]bool)
	var out []string
	for _, r := range c.regions {
		p := r.pkg
		if seen[p.PkgPath] {
			continue
		}
		seen[p.PkgPath] = true
		var libs []string
		for path := range p.Imports {
			if k.IsBudgetLibrary(path) {
				libs = append(libs, path)
			}
		}
		sort.Strings(libs)
		if len(libs) == 0 {
			out = append(out, fmt.Sprintf("package %s imports no known retry-budget or circuit-breaker library", p.PkgPath))
			continue
		}
		out = append(out, fmt.Sprintf("package %s imports %s", p.PkgPath, strings.Join(libs, ", ")))
	}
	sort.Strings(out)
	return out
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
