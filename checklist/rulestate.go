package checklist

import (
	"github.com/retrylint/retrylint/analyzers"
	"github.com/retrylint/retrylint/internal/rules"
)

// docsBase is where docs/rules/<name>.md is published, for rules that have no
// analyzer (and so no URL) yet.
const docsBase = "https://github.com/retrylint/retrylint/blob/main/docs/rules/"

// Rule states.
const (
	stateAvailable = "available"
	statePlanned   = "planned"
	stateDisabled  = "disabled"
)

// ruleStates says, for every rule of the catalog and every analyzer, whether
// its silence means anything: only a rule that runs can verify an item. A
// rule is available when it has an analyzer and the catalog does not call it
// planned, so new rules count as soon as they land in both.
func ruleStates(k *rules.Knowledge) (map[string]RuleRef, []RuleRef) {
	urls := make(map[string]string)
	for _, a := range analyzers.All() {
		urls[a.Name] = a.URL
	}
	states := make(map[string]RuleRef)
	var order []RuleRef
	for _, r := range k.Rules {
		ref := RuleRef{Name: r.Name, Title: r.Title, Severity: string(r.Severity), URL: urls[r.Name], Summary: r.Summary}
		_, hasAnalyzer := urls[r.Name]
		switch {
		case !hasAnalyzer || r.Status == statePlanned:
			ref.State = statePlanned
		case !r.IsEnabled():
			ref.State = stateDisabled
		default:
			ref.State = stateAvailable
		}
		if ref.URL == "" {
			ref.URL = docsBase + r.Name + ".md"
		}
		states[r.Name] = ref
		order = append(order, ref)
	}
	for _, a := range analyzers.All() {
		if _, ok := states[a.Name]; !ok {
			ref := RuleRef{Name: a.Name, Severity: string(rules.SeverityError), State: stateAvailable, URL: a.URL}
			states[a.Name] = ref
			order = append(order, ref)
		}
	}
	return states, order
}

// ruleRef returns the state of a rule an item names; a name neither the
// catalog nor the analyzers know cannot verify anything.
func ruleRef(states map[string]RuleRef, name string) RuleRef {
	if r, ok := states[name]; ok {
		return r
	}
	return RuleRef{Name: name, State: statePlanned, URL: docsBase + name + ".md"}
}
