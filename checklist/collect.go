package checklist

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"regexp"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	"github.com/retrylint/retrylint/analyzers/retryscope"
	"github.com/retrylint/retrylint/internal/rules"
	"github.com/retrylint/retrylint/internal/safetext"
)

// collected is the analysis restricted to the change.
type collected struct {
	findings []Finding
	sites    []SiteRef
	regions  []regionRef
	pkgs     []Package
	// gaps are the parts of the change that were not analysed (Report.Incomplete).
	gaps []string
	// unreadFiles counts the changed Go files among them.
	unreadFiles int
}

// incomplete reports whether part of the change was not analysed.
func (c *collected) incomplete() bool { return len(c.gaps) > 0 }

// notAnalysed says, for an item's reason, what the item could not see.
func (c *collected) notAnalysed() string {
	if c.unreadFiles == 0 {
		return "incomplete: a package of the change was not analysed"
	}
	return "incomplete: " + plural(c.unreadFiles, "changed Go file was", "changed Go files were") + " not analysed"
}

// regionRef is an in-scope retry region with what probes need to look into it.
type regionRef struct {
	region *retryscope.Region
	pkg    *packages.Package
	site   SiteRef
	// anchor is where the rules report the region's findings.
	anchor anchor
}

// collect keeps the findings and sites in scope and records which changed
// files were analysed.
func collect(sc *scope, k *rules.Knowledge, results []*pkgResult) *collected {
	c := &collected{}
	for _, r := range results {
		errs := packageErrors(sc, r.pkg)
		for _, e := range r.errs {
			errs = append(errs, safetext.Line(scrubPaths(sc, e)))
		}
		c.pkgs = append(c.pkgs, Package{Path: r.pkg.PkgPath, Dir: pkgDir(sc, r.pkg), Errors: errs})
		idx := indexPackage(sc, r.pkg)
		if r.scope == nil {
			for abs := range idx {
				sc.skip(abs, "package not analysed (see packages)")
			}
			continue
		}
		for abs := range idx {
			if i, ok := sc.index[abs]; ok {
				sc.report.Files[i].Analyzed = true
			}
		}
		c.addFindings(k, r, idx)
		c.addSites(r, idx)
	}
	for abs, i := range sc.index {
		if !sc.report.Files[i].Analyzed {
			sc.skip(abs, "not in any loaded package (build constraints or package patterns)")
		}
	}
	c.findGaps(sc)
	sortFindings(c.findings)
	fingerprint(c.findings)
	sortSites(c.sites)
	sort.Slice(c.regions, func(i, j int) bool { return siteLess(c.regions[i].site, c.regions[j].site) })
	return c
}

// findGaps lists what the report cannot speak for: each changed Go file that
// should have been analysed and was not, and each package that did not load,
// type-check or analyse.
func (c *collected) findGaps(sc *scope) {
	for _, i := range sc.index {
		if f := sc.report.Files[i]; !f.Analyzed {
			c.unreadFiles++
			c.gaps = append(c.gaps, fmt.Sprintf("%s: not analysed: %s", f.Path, f.Skipped))
		}
	}
	sort.Strings(c.gaps)
	for _, p := range c.pkgs {
		if len(p.Errors) > 0 {
			c.gaps = append(c.gaps, fmt.Sprintf("package %s not analysed: %s", p.Path, p.Errors[0]))
		}
	}
}

func pkgDir(sc *scope, p *packages.Package) string {
	for _, f := range p.GoFiles {
		return sc.rel(dirOf(f))
	}
	return ""
}

func dirOf(f string) string {
	if i := strings.LastIndexAny(f, `/\`); i >= 0 {
		return f[:i]
	}
	return "."
}

func (c *collected) addFindings(k *rules.Knowledge, r *pkgResult, idx map[string]*fileIndex) {
	for _, d := range r.diags {
		pl, ok := locate(r.pkg.Fset, idx, d.Pos, d.End)
		if !ok || !pl.inScope {
			continue
		}
		name := d.Category
		if name == "" {
			name = d.analyzer.Name
		}
		url := d.URL
		if url == "" {
			url = d.analyzer.URL
		}
		c.findings = append(c.findings, Finding{
			Rule: name, Severity: severity(k, name), File: pl.file.rel, Line: pl.line,
			Column: pl.col, EndLine: pl.endLine, Function: pl.function,
			Message: safetext.Line(d.Message), URL: url, Related: related(r, idx, d.Related),
		})
	}
}

// related places the related information of a diagnostic.
func related(r *pkgResult, idx map[string]*fileIndex, rel []analysis.RelatedInformation) []Related {
	var out []Related
	for _, ri := range rel {
		if pl, ok := locate(r.pkg.Fset, idx, ri.Pos, ri.End); ok {
			out = append(out, Related{File: pl.file.rel, Line: pl.line, Column: pl.col, Message: safetext.Line(ri.Message)})
		}
	}
	return out
}

// severity is the catalog's; a rule the catalog does not know is an error,
// since its analyzer chose to report.
func severity(k *rules.Knowledge, name string) string {
	if r, ok := k.Rule(name); ok && r.Severity != "" {
		return string(r.Severity)
	}
	return string(rules.SeverityError)
}

func (c *collected) addSites(r *pkgResult, idx map[string]*fileIndex) {
	for _, s := range r.sites {
		pl, ok := locate(r.pkg.Fset, idx, s.Pos, s.End)
		if !ok || !pl.inScope {
			continue
		}
		c.sites = append(c.sites, SiteRef{Kind: string(s.Kind), File: pl.file.rel, Line: pl.line,
			EndLine: pl.endLine, Function: pl.function, Detail: oneLine(s.Detail)})
	}
	for _, reg := range r.scope.Regions {
		pl, ok := locate(r.pkg.Fset, idx, reg.Pos, reg.Pos)
		if !ok || !pl.inScope {
			continue
		}
		ref := SiteRef{Kind: string(retryscope.SiteRetry), File: pl.file.rel, Line: pl.line,
			EndLine: pl.endLine, Function: pl.function, Detail: reg.Kind.String()}
		c.regions = append(c.regions, regionRef{region: reg, pkg: r.pkg, site: ref, anchor: anchor{pl.file.rel, pl.line, pl.col}})
	}
}

// digits are dropped from messages for fingerprints: counts and line numbers
// in a message move with the code.
var digits = regexp.MustCompile(`[0-9]+`)

// fingerprint gives each finding a hash of what identifies it without its
// line: rule, file, function, message, and its rank among identical ones.
func fingerprint(fs []Finding) {
	seen := make(map[string]int)
	for i := range fs {
		f := &fs[i]
		key := strings.Join([]string{f.Rule, f.File, f.Function,
			strings.Join(strings.Fields(digits.ReplaceAllString(f.Message, "#")), " ")}, "\x00")
		seen[key]++
		sum := sha256.Sum256([]byte(fmt.Sprintf("%s\x00%d", key, seen[key])))
		f.Fingerprint = hex.EncodeToString(sum[:16])
	}
}
