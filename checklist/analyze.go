package checklist

import (
	"errors"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/retrylint/retrylint/analyzers"
	"github.com/retrylint/retrylint/analyzers/retryscope"
	"github.com/retrylint/retrylint/internal/rules"
)

// pkgResult is what the analysis says about one loaded package.
type pkgResult struct {
	pkg *packages.Package
	// scope is the engine's result; nil when the package was not analysed.
	scope *retryscope.Result
	// sites are the places the checklist asks about (retryscope.SitesAnalyzer).
	sites []retryscope.Site
	diags []ruleDiag
	// errs are analysis errors other than "the package has type errors",
	// which packageErrors reports already.
	errs []string
}

type ruleDiag struct {
	analyzer *analysis.Analyzer
	analysis.Diagnostic
}

// analyse runs every rule, the engine and its sites on pkgs. The engine is a
// root too: the checker keeps the Result of root actions only.
func analyse(pkgs []*packages.Package) ([]*pkgResult, error) {
	as := append(append([]*analysis.Analyzer(nil), analyzers.All()...), retryscope.Analyzer, retryscope.SitesAnalyzer)
	g, err := checker.Analyze(as, pkgs, nil)
	if err != nil {
		return nil, err
	}
	byPkg := make(map[*packages.Package]*pkgResult)
	var out []*pkgResult
	for _, act := range g.Roots {
		r := byPkg[act.Package]
		if r == nil {
			r = &pkgResult{pkg: act.Package}
			byPkg[act.Package] = r
			out = append(out, r)
		}
		if err := r.add(act); err != nil {
			return nil, err
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].pkg.ID < out[j].pkg.ID })
	return out, nil
}

// add records one root action. A configuration error found while a package
// is analysed (a .retrylint.yaml below the root) stops the run like one found
// up front.
func (r *pkgResult) add(act *checker.Action) error {
	if act.Err != nil {
		var ce *rules.ConfigError
		if errors.As(act.Err, &ce) {
			return act.Err
		}
		// A rule fails when the engine did; the engine's error says why.
		rule := act.Analyzer != retryscope.Analyzer
		if !act.Package.IllTyped && !(rule && strings.HasPrefix(act.Err.Error(), "failed prerequisites")) {
			r.errs = append(r.errs, act.Analyzer.Name+": "+act.Err.Error())
		}
		return nil
	}
	switch act.Analyzer {
	case retryscope.Analyzer:
		r.scope, _ = act.Result.(*retryscope.Result)
		return nil
	case retryscope.SitesAnalyzer:
		r.sites, _ = act.Result.([]retryscope.Site)
		return nil
	}
	for _, d := range act.Diagnostics {
		r.diags = append(r.diags, ruleDiag{analyzer: act.Analyzer, Diagnostic: d})
	}
	return nil
}
