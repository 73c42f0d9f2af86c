package checklist

import (
	"fmt"
	"slices"
	"strings"

	"github.com/retrylint/retrylint/internal/rules"
)

// Decisions an item can have in rules.yaml.
const (
	decisionAuto    = "auto"
	decisionPartial = "partial"
	decisionManual  = "manual"
)

// decide answers one item. The order of the tests is the meaning of the
// statuses: a finding fails the item whatever else is true; without findings,
// an item nothing in the change touches is n/a; otherwise it passes only when
// every rule that verifies it ran, and needs a human in every other case.
func decide(it rules.ChecklistItem, c *collected, states map[string]RuleRef, k *rules.Knowledge) Item {
	out := Item{ID: it.ID, Question: it.Question, Decision: decisionOf(it), Sources: publicSources(it.Sources)}
	for _, name := range it.VerifiedBy {
		out.Rules = append(out.Rules, ruleRef(states, name))
	}
	for _, f := range c.findings {
		if slices.Contains(it.VerifiedBy, f.Rule) {
			out.Findings = append(out.Findings, f)
		}
	}
	out.Sites = relevantSites(it, c)
	switch {
	case len(out.Findings) > 0:
		out.Status = StatusFail
		out.Reason = fmt.Sprintf("%s in the changed code", plural(len(out.Findings), "finding", "findings"))
	case len(out.Sites) == 0:
		out.Status = StatusNA
		out.Reason = "the change touches no " + kindList(it.AppliesTo)
		if c.incomplete() {
			out.Reason = "the analysed part of the change touches no " + kindList(it.AppliesTo)
		}
	default:
		decideOpen(&out, it, c, k)
	}
	if c.incomplete() && out.Status != StatusFail {
		// What was not analysed may hold the very finding this item looks for:
		// a pass speaks only for the analysed part, so a person must judge it.
		if out.Status == StatusPass {
			out.Status = StatusReview
		}
		out.Reason += "; " + c.notAnalysed()
	}
	return out
}

// publicSources keeps the sources a reader can open (http and https links);
// the catalog also names the project's design notes, which users do not have.
func publicSources(srcs []string) []string {
	var out []string
	for _, s := range srcs {
		if strings.HasPrefix(s, "https://") || strings.HasPrefix(s, "http://") {
			out = append(out, s)
		}
	}
	return out
}

// decisionOf defaults the decision: items with rules are auto, others manual.
func decisionOf(it rules.ChecklistItem) string {
	if it.Decision != "" {
		return it.Decision
	}
	if len(it.VerifiedBy) > 0 {
		return decisionAuto
	}
	return decisionManual
}

// decideOpen settles an item that is relevant and has no findings.
func decideOpen(out *Item, it rules.ChecklistItem, c *collected, k *rules.Knowledge) {
	ran, missing := splitRules(out.Rules)
	touched := describeSites(out.Sites)
	if len(ran) > 0 {
		out.Evidence = append(out.Evidence, fmt.Sprintf("%s checked by %s: no findings", touched, strings.Join(ran, ", ")))
	}
	if p := probeFor(it.ID); p != nil {
		out.Evidence = append(out.Evidence, p(out, c, k)...)
	}
	out.Status = StatusReview
	switch {
	case out.Decision == decisionAuto && len(ran) > 0 && len(missing) == 0:
		out.Status = StatusPass
		out.Reason = "verified by " + strings.Join(ran, ", ")
	case len(missing) > 0:
		out.Reason = "not verified: " + strings.Join(missing, ", ") + "; judge " + touched + " by hand"
	case out.Decision == decisionPartial:
		out.Reason = "partly checkable (see evidence); judge " + touched + " by hand"
	default:
		out.Reason = "static analysis cannot decide this; judge " + touched + " by hand"
	}
}

// splitRules separates the rules that ran from those that could not.
func splitRules(rs []RuleRef) (ran, missing []string) {
	for _, r := range rs {
		switch r.State {
		case stateAvailable:
			ran = append(ran, r.Name)
		case stateDisabled:
			missing = append(missing, r.Name+" is disabled")
		default:
			missing = append(missing, r.Name+" is planned, not yet implemented")
		}
	}
	return ran, missing
}

// relevantSites are the in-scope sites of the item's kinds; an item that
// names no kind is about any retry-related code.
// A site filter (probes.go) can narrow them further for one item.
func relevantSites(it rules.ChecklistItem, c *collected) []SiteRef {
	keep := siteFilters[it.ID]
	var out []SiteRef
	for _, s := range c.sites {
		if (len(it.AppliesTo) == 0 || slices.Contains(it.AppliesTo, s.Kind)) && (keep == nil || keep(c, s)) {
			out = append(out, s)
		}
	}
	return out
}

// summarize counts the statuses; the verdict is the worst one, incomplete
// ranking just below fail.
func summarize(items []Item, other int, incomplete bool) Summary {
	s := Summary{Verdict: StatusNA, OtherFindings: other}
	for _, it := range items {
		switch it.Status {
		case StatusPass:
			s.Pass++
		case StatusFail:
			s.Fail++
		case StatusReview:
			s.Review++
		default:
			s.NA++
		}
	}
	switch {
	case s.Fail > 0 || other > 0:
		s.Verdict = StatusFail
	case incomplete:
		s.Verdict = StatusIncomplete
	case s.Review > 0:
		s.Verdict = StatusReview
	case s.Pass > 0:
		s.Verdict = StatusPass
	}
	return s
}
