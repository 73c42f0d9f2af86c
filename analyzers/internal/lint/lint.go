// Package lint is what every retrylint rule shares besides the engine: the analyzer
// shape, the rule's catalog entry, suppression, and diagnostics with a docs URL.
package lint

import (
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/internal/code"
	"github.com/retrylint/retrylint/analyzers/retryscope"
	"github.com/retrylint/retrylint/internal/message"
	"github.com/retrylint/retrylint/internal/rules"
)

// DocsBase is where docs/rules/<name>.md is published.
const DocsBase = "https://github.com/retrylint/retrylint/blob/main/docs/rules/"

// URL returns the documentation page of a rule.
func URL(rule string) string { return DocsBase + rule + ".md" }

// Pass is an analysis.Pass with the engine's result and the rule's catalog entry.
type Pass struct {
	*analysis.Pass
	// Scope is the engine's result; nil for an Independent rule that does not
	// require the engine.
	Scope     *retryscope.Result
	Knowledge *rules.Knowledge
	Rule      rules.Rule
	ignores   *retryscope.Ignores
}

// New returns the Analyzer of a rule that reads the engine's retry regions. Its
// Doc is the rule's title and summary from the catalog (rules.yaml), the one
// source of a rule's text that `retrylint rules`, `retrylint help`, the rule's
// page and the README agree with (TestOneSourceForRuleText); doc, the package's
// own text, is used only for a rule the catalog lacks. run is skipped when the
// rule is disabled in the configuration, and on a package where the engine
// failed.
func New(name, doc string, run func(*Pass) error, requires ...*analysis.Analyzer) *analysis.Analyzer {
	return newRule(name, doc, run, append([]*analysis.Analyzer{retryscope.Analyzer}, requires...))
}

// Independent returns the Analyzer of a rule that does not read retry regions
// (httptimeout, checkpointorder): it requires only the configuration and what
// it lists, and runs even on a package where region detection failed.
func Independent(name, doc string, run func(*Pass) error, requires ...*analysis.Analyzer) *analysis.Analyzer {
	independent[name] = true
	return newRule(name, doc, run, requires)
}

// independent names the rules made by Independent.
var independent = map[string]bool{}

func newRule(name, doc string, run func(*Pass) error, requires []*analysis.Analyzer) *analysis.Analyzer {
	if r, ok := rules.Default().Rule(name); ok && r.Title != "" {
		doc = r.Title + "\n\n" + r.Summary
	}
	a := &analysis.Analyzer{
		Name:       name,
		Doc:        doc,
		URL:        URL(name),
		Requires:   append([]*analysis.Analyzer{retryscope.ConfigAnalyzer}, requires...),
		ResultType: reflect.TypeOf(struct{}{}),
	}
	a.Run = guarded(name, func(p *analysis.Pass) (any, error) { // recover.go
		cfg := p.ResultOf[retryscope.ConfigAnalyzer].(*retryscope.Config)
		if cfg.Err != nil {
			return struct{}{}, configError(name, cfg.Err)
		}
		rule, _ := cfg.Knowledge.Rule(name)
		if !rule.IsEnabled() {
			return struct{}{}, nil
		}
		scope, _ := p.ResultOf[retryscope.Analyzer].(*retryscope.Result)
		lp := &Pass{Pass: p, Scope: scope, Knowledge: cfg.Knowledge, Rule: rule, ignores: cfg.Ignores}
		lp.checkDirectives()
		return struct{}{}, run(lp)
	})
	return a
}

// Reportf reports a finding of the rule at node, unless it is suppressed or lies in
// a test file the rule does not look at.
func (p *Pass) Reportf(node ast.Node, format string, args ...any) {
	p.ReportFix(node, nil, format, args...)
}

// ReportFix is Reportf with suggested fixes.
func (p *Pass) ReportFix(node ast.Node, fixes []analysis.SuggestedFix, format string, args ...any) {
	p.ReportRange(node.Pos(), node.End(), fixes, format, args...)
}

// ReportRange reports a finding over [pos, end).
func (p *Pass) ReportRange(pos, end token.Pos, fixes []analysis.SuggestedFix, format string, args ...any) {
	if !p.Wants(pos) {
		return
	}
	p.Report(analysis.Diagnostic{
		Pos:            pos,
		End:            end,
		Category:       p.Analyzer.Name,
		Message:        message.Make(p.Analyzer.Name, format, args...),
		URL:            p.Analyzer.URL,
		SuggestedFixes: fixes,
	})
}

// Wants reports whether a finding at pos would be shown: not suppressed by a
// directive and not in a test file (unless the rule's `tests: true`).
func (p *Pass) Wants(pos token.Pos) bool {
	if p.ignores.Covers(pos, p.Analyzer.Name) {
		return false
	}
	return p.Rule.InTests() || !p.TestCode(pos)
}

// TestCode reports whether pos lies in test code: a _test.go file, a file
// that imports "testing" or a test framework (TestSupportImport), a package
// of a test harness or companion, or of a module nested below a test or
// demo directory (NestedInHarness).
func (p *Pass) TestCode(pos token.Pos) bool {
	return code.IsTestFile(p.Fset, pos) || p.testSupport(pos) || TestHarness(p.Pkg.Path()) || TestCompanion(p.Pkg) ||
		p.nestedInHarness(pos)
}

func (p *Pass) nestedInHarness(pos token.Pos) bool {
	f := p.Fset.File(pos)
	return f != nil && f.Name() != "" && NestedInHarness(filepath.Dir(f.Name()))
}

// TestCompanion reports whether a package lies under the test companion of a
// package it imports: a path element that is that package's name with "test"
// appended (httptest of net/http, iotest of io, fstest of io/fs, a module's
// storetest of its store, and their subpackages). By Go convention such a
// package holds the fakes, servers and helpers that the tests of the named
// package's users call; its readiness waits and fixed pace are a test's, not
// the product's. The stem must name a package it imports, directly or
// through others: latest, contest and attest name no package la, con or at.
// Or the stem is the directory the companion lies in (etcd/etcdtest, a mock
// server kept beside the package it stands in for; decided on set X2).
func TestCompanion(pkg *types.Package) bool {
	if pkg == nil {
		return false
	}
	var stems []string
	elems := strings.Split(pkg.Path(), "/")
	for i, elem := range elems {
		if i == 0 && strings.Contains(elem, ".") {
			continue
		}
		if stem, ok := strings.CutSuffix(elem, "test"); ok && stem != "" {
			if i > 0 && elems[i-1] == stem {
				return true // etcd/etcdtest: the companion kept in its package's directory
			}
			stems = append(stems, stem)
		}
	}
	return len(stems) > 0 && importsAny(pkg, stems)
}

// importsAny reports whether pkg imports, directly or through others, a
// package whose name is one of names.
func importsAny(pkg *types.Package, names []string) bool {
	seen := map[*types.Package]bool{pkg: true}
	queue := []*types.Package{pkg}
	for len(queue) > 0 {
		for _, imp := range queue[0].Imports() {
			if seen[imp] {
				continue
			}
			if slices.Contains(names, imp.Name()) {
				return true
			}
			seen[imp] = true
			queue = append(queue, imp)
		}
		queue = queue[1:]
	}
	return false
}

// testHarnessDirs name the directories that hold test harness code: helpers,
// and a module's own "testing" tree of servers and fixtures the tests start
// (testing/servers/udp), fakes and mocks standing in for a dependency. Two
// more hold code that is no part of the product either: docs, the snippets
// a documentation site shows (docs/ex/annotate), and hack, the Kubernetes
// layout's scripts and tools for the developers of the repository
// (hack/release, hack/tools).
var testHarnessDirs = map[string]bool{
	"testutil": true, "testutils": true, "testhelper": true, "testhelpers": true,
	"testing": true, "fake": true, "fakes": true, "mock": true, "mocks": true,
	"docs": true, "hack": true,
}

// testOrDemoWords are the words of a path element that name test, demo or
// benchmark code: cmd/upgrade-tests, contrib/server-demo-tor, examples/quickstart,
// bench, integration/dockertestutil. "sample" is left out: a package that
// samples metrics or traces is a product feature (samples, a directory of
// sample programs, is not); so is "integrations", a product's connectors to
// other services, where "integration" names the suite that starts the
// product in containers and drives it.
var testOrDemoWords = map[string]bool{
	"e2e": true, "test": true, "tests": true, "integration": true,
	"demo": true, "demos": true, "example": true, "examples": true, "samples": true,
	"bench": true, "benchmark": true, "benchmarks": true,
}

// TestHarness reports whether a package path lies under a directory of test,
// demo or benchmark code: an element that is testutil(s), testhelper(s),
// testing, fake(s), mock(s), docs or hack, or one whose words (split on '-', '_' and '.')
// end in testutil(s) or testhelper(s) (opatestutils) or
// include e2e, test(s), demo(s), example(s), samples, bench or
// benchmark(s), or a kind of test suite joined to test(s) (integrationtests,
// e2etest: testSuiteWord). End-to-end suites start the
// product and poll it until it is ready, through plain clients and fixed
// waits that are right for a test and would be wrong in a service; they often
// do not import "testing" themselves (a framework package does). Demos,
// examples and benchmark commands are run by hand against a local setup and
// stopped with Ctrl-C: what they do is not what the product does. This holds
// for every package, not only commands: a library's examples/ and its
// shared helpers are demo code as much as their main packages. Words, not
// substrings: latest, attestation and contest are product code. The host of
// a module path (example.com/shop) is not a directory and is not read.
func TestHarness(pkgPath string) bool {
	for i, elem := range strings.Split(strings.ToLower(pkgPath), "/") {
		if i == 0 && strings.Contains(elem, ".") {
			continue
		}
		if testHarnessDirs[elem] || hasTestOrDemoWord(elem) {
			return true
		}
	}
	return false
}

func hasTestOrDemoWord(elem string) bool {
	words := strings.FieldsFunc(elem, func(r rune) bool { return r == '-' || r == '_' || r == '.' })
	for _, w := range words {
		if testOrDemoWords[w] || testSuiteWord(w) || helperSuffix(w) {
			return true
		}
	}
	return false
}

// helperSuffix reports whether a word is a test helper directory's name
// with a prefix naming what it helps test (opatestutils, dbtestutil): no
// word of product code ends so.
func helperSuffix(w string) bool {
	for _, dir := range []string{"testutil", "testutils", "testhelper", "testhelpers"} {
		if stem, ok := strings.CutSuffix(w, dir); ok && stem != "" {
			return true
		}
	}
	return false
}

// testSupport reports whether pos lies in a file that imports "testing" or a
// test framework: test helpers and shared suites kept outside _test.go files
// (pubsub/tests, test/test.go, a suite's utils calling gomega) are test code too.
func (p *Pass) testSupport(pos token.Pos) bool {
	for _, f := range p.Files {
		if f.FileStart <= pos && pos <= f.FileEnd {
			for _, imp := range f.Imports {
				if path, err := strconv.Unquote(imp.Path.Value); err == nil && TestSupportImport(path) {
					return true
				}
			}
			return false
		}
	}
	return false
}

// checkDirectives reports the problems of the ignore directives: a missing
// reason, a name that is no rule. They are the directive's, not any rule's
// (category retrylint-directive), so one rule reports them all, once: the
// first of the catalog that the run selected and the configuration enables.
func (p *Pass) checkDirectives() {
	if firstRunning(p.Knowledge, true) != p.Analyzer.Name {
		return
	}
	names := rules.Names()
	for _, d := range p.ignores.Directives() {
		p.checkRuleNames(d, names)
		if d.Reason == "" {
			p.Report(analysis.Diagnostic{
				Pos: d.Pos, Category: message.DirectiveCategory, URL: message.DirectiveURL,
				Message: message.Make(message.DirectiveCategory, "retrylint:ignore needs a reason: //retrylint:ignore <rule>[,<rule>] <why this is safe>"),
			})
		}
	}
}

func (p *Pass) checkRuleNames(d *retryscope.Directive, names []string) {
	for _, r := range d.Rules {
		if r != "all" && !contains(names, r) {
			p.Report(analysis.Diagnostic{
				Pos: d.Pos, Category: message.DirectiveCategory, URL: message.DirectiveURL,
				Message: message.Make(message.DirectiveCategory, "retrylint:ignore names unknown rule %s (known: %s)", strconv.Quote(r), strings.Join(names, ", ")),
			})
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
