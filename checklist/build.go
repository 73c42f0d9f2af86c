package checklist

import (
	"fmt"
	"io"

	"github.com/retrylint/retrylint/internal/rules"
	"github.com/retrylint/retrylint/internal/safetext"
)

// Build computes the report: scope from git or the diff, the packages that
// hold the changed files, every analyzer on them, and the items decided. It
// fails only on usage, configuration, git and loading errors; packages that do
// not type-check are reported (and named on stderr) and the rest analysed.
func Build(opts *Options, stderr io.Writer) (*Report, error) {
	if err := configure(opts); err != nil {
		return nil, err
	}
	sc, err := loadScope(opts)
	if err != nil {
		return nil, err
	}
	k, err := rules.ForDir(sc.root)
	if err != nil {
		return nil, err
	}
	results, err := analyseScope(opts, sc)
	if err != nil {
		return nil, err
	}
	c := collect(sc, k, results)
	for _, p := range c.pkgs {
		if len(p.Errors) > 0 {
			fmt.Fprintf(stderr, "retrylint checklist: package %s not analysed: %s\n", safetext.Line(p.Path), p.Errors[0])
		}
	}
	return assemble(sc, k, c), nil
}

// analyseScope loads and analyses; a change with no Go file to analyse needs
// neither.
func analyseScope(opts *Options, sc *scope) ([]*pkgResult, error) {
	if len(sc.changed) == 0 && len(opts.Patterns) == 0 {
		return nil, nil
	}
	pkgs, err := loadPackages(opts, sc)
	if err != nil {
		return nil, err
	}
	return analyse(pkgs)
}

// assemble decides the items and puts the report together.
func assemble(sc *scope, k *rules.Knowledge, c *collected) *Report {
	states, order := ruleStates(k)
	rep := &Report{Schema: Schema, Scope: sc.report, Findings: c.findings, Regions: groupRegions(c, k),
		Sites: c.sites, Packages: c.pkgs, Rules: order}
	named := make(map[string]bool)
	for _, it := range k.Checklist {
		rep.Items = append(rep.Items, decide(it, c, states, k))
		for _, r := range it.VerifiedBy {
			named[r] = true
		}
	}
	other := 0
	for _, f := range c.findings {
		if !named[f.Rule] {
			other++
		}
	}
	rep.Incomplete = c.gaps
	rep.Summary = summarize(rep.Items, other, c.incomplete())
	nonNil(rep)
	return rep
}

// nonNil makes empty lists [] rather than null in JSON: consumers of the
// schema can iterate without checking.
func nonNil(rep *Report) {
	if rep.Incomplete == nil {
		rep.Incomplete = []string{}
	}
	if rep.Items == nil {
		rep.Items = []Item{}
	}
	if rep.Findings == nil {
		rep.Findings = []Finding{}
	}
	if rep.Regions == nil {
		rep.Regions = []RegionGroup{}
	}
	if rep.Sites == nil {
		rep.Sites = []SiteRef{}
	}
	if rep.Packages == nil {
		rep.Packages = []Package{}
	}
	if rep.Rules == nil {
		rep.Rules = []RuleRef{}
	}
	if rep.Scope.Files == nil {
		rep.Scope.Files = []FileScope{}
	}
}
