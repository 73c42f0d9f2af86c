package analyzers_test

import (
	"fmt"
	"go/ast"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/retrylint/retrylint/analyzers"
)

// TestRobust runs every rule at once over testdata/src/robust/...: generics,
// deeply nested closures, goto-heavy code, a generated file, a cgo package, and
// one huge generated function. Expectations are `// want "rule: regexp"`
// comments, as in analysistest (the regexp is searched in the message), but each
// names the rule that must report, since all rules run together (one load,
// instead of one per rule).
func TestRobust(t *testing.T) {
	gopath := t.TempDir()
	copyDir(t, filepath.Join(srcRoot, "robust"), filepath.Join(gopath, "src", "robust"))
	retryGo := filepath.Join("github.com", "avast", "retry-go")
	copyDir(t, filepath.Join(srcRoot, retryGo), filepath.Join(gopath, "src", retryGo))
	writeHuge(t, filepath.Join(gopath, "src", "robust", "huge", "huge.go"), 400)
	patterns := []string{"robust/generics", "robust/closures", "robust/gotos", "robust/generated", "robust/huge", "robust/bodyless"}
	if out, _ := exec.Command("go", "env", "CGO_ENABLED").Output(); strings.TrimSpace(string(out)) == "1" {
		patterns = append(patterns, "robust/cgo")
	} else {
		t.Log("cgo is disabled: robust/cgo not tested")
	}
	pkgs := loadGOPATH(t, gopath, patterns...)
	g, err := checker.Analyze(analyzers.All(), pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	got := make(map[string][]string) // file:line -> "rule: message"
	for act := range g.All() {
		// Dependencies (the standard library, the stubs) are analysed for facts:
		// they may fail for their own reasons, but nothing may panic.
		if act.Err != nil && (act.IsRoot || strings.Contains(act.Err.Error(), "panicked")) {
			t.Errorf("%s: %v", act, act.Err)
		}
		if !act.IsRoot {
			continue
		}
		for _, d := range act.Diagnostics {
			p := act.Package.Fset.Position(d.Pos)
			key := filepath.Base(p.Filename) + ":" + strconv.Itoa(p.Line)
			got[key] = append(got[key], act.Analyzer.Name+": "+d.Message)
		}
	}
	checkWants(t, pkgs, got)
}

// TestRobustIllTyped: a package that does not type-check gets the checker's
// error (the engine and the handlers analyzer are "skipped due to errors in
// package", the rules fail with them as prerequisites), and nothing panics.
func TestRobustIllTyped(t *testing.T) {
	gopath := t.TempDir()
	copyDir(t, filepath.Join(srcRoot, "robust", "illtyped"), filepath.Join(gopath, "src", "robust", "illtyped"))
	pkgs := loadGOPATH(t, gopath, "robust/illtyped")
	g, err := checker.Analyze(analyzers.All(), pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) != 1 || len(pkgs[0].Errors) == 0 {
		t.Fatalf("robust/illtyped loaded with errors %v; want its type errors", pkgs[0].Errors)
	}
	for act := range g.All() {
		if act.Err != nil && strings.Contains(act.Err.Error(), "panicked") {
			t.Errorf("%s: %v", act, act.Err)
		}
	}
	skipped := regexp.MustCompile(`failed prerequisites: (retryscope|retrylinthandlers)@robust/illtyped|analysis skipped due to errors in package`)
	for _, act := range g.Roots {
		if act.Err == nil || !skipped.MatchString(act.Err.Error()) {
			t.Errorf("%s: error %v, want the checker's skip error", act, act.Err)
		}
		if len(act.Diagnostics) > 0 {
			t.Errorf("%s: %d findings in a package that was not analysed", act, len(act.Diagnostics))
		}
	}
}

// TestRobustPartialTypes analyses code that does not type-check the way the fuzz
// target does, with whatever types go/types could give (a driver would skip the
// package; an editor integration would not): nothing may panic, and a retry loop
// that type-checks is still found when something else in the file does not.
func TestRobustPartialTypes(t *testing.T) {
	// call is a func value the engine cannot see through, so the attempt may be
	// remote (a local one would be left alone); stop is the caller's stop
	// channel, which puts a cancellation in reach of the wait.
	const loop = `
var call func() error

func retry(stop <-chan struct{}) error {
	var err error
	for i := 0; i < 20; i++ {
		if err = call(); err == nil {
			return nil
		}
		time.Sleep(5 * time.Second)
	}
	return err
}
`
	tests := []struct {
		name, src string
		// findings is the least number of findings: 3 when the retry loop of
		// loop, which type-checks, is there (retryall, fixedsleep, sleepnoctx).
		findings int
	}{
		{"undefined names elsewhere", "package p\nimport \"time\"\n" + loop + "func other() { undefinedCall(); _ = missing }\n", 3},
		{"missing import", "package p\nimport (\n\"time\"\n\"nosuch.example/dep\"\n)\n" + loop + "func other() error { return dep.Do() }\n", 3},
		{"bad type elsewhere", "package p\nimport \"time\"\n" + loop + "type T struct{ f Undefined }\nfunc (t *T) m() int { return t.f.g }\n", 3},
		{"undefined callee in the loop", `package p
import "time"
func retry() error {
	var err error
	for i := 0; i < 3; i++ {
		if err = undefinedCall(i); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}`, 0},
		{"wrong arity in the loop", `package p
import "time"
func call(int) (int, error) { return 0, nil }
func retry() (err error) {
	for {
		if err = call(1, 2); err == nil {
			return
		}
		time.Sleep(time.Second)
		goto next
	next:
	}
}`, 0},
		{"undefined wrapper parameter", `package p
func Do(op func() Undefined, n int) error {
	for i := 0; i < n; i++ {
		if err := op(); err == nil {
			return nil
		}
	}
	return nil
}
func use() error { return Do(func() Undefined { return nil }, 3) }`, 0},
	}
	for _, tt := range tests {
		msg, n := analyzeSource(tt.src)
		if msg != "" {
			t.Errorf("%s: %s", tt.name, msg)
		}
		if n < tt.findings {
			t.Errorf("%s: %d findings, want at least %d (the retry loop's)", tt.name, n, tt.findings)
		}
	}
}

// loadGOPATH loads packages the way analysistest does: GOPATH mode over dir.
func loadGOPATH(t *testing.T, dir string, patterns ...string) []*packages.Package {
	t.Helper()
	cfg := &packages.Config{
		Mode: packages.LoadAllSyntax,
		Dir:  dir,
		Env:  append(os.Environ(), "GOPATH="+dir, "GO111MODULE=off", "GOWORK=off", "GOPROXY=off"),
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	return pkgs
}

var wantRe = regexp.MustCompile(`// want (.*)$`)

// checkWants matches the findings with the want comments of the root packages:
// every finding must match a want on its line, and every want a finding.
func checkWants(t *testing.T, pkgs []*packages.Package, got map[string][]string) {
	t.Helper()
	for _, pkg := range pkgs {
		for _, f := range pkg.Syntax {
			for _, cg := range f.Comments {
				for _, c := range cg.List {
					checkWant(t, pkg, c, got)
				}
			}
		}
	}
	var left []string
	for key, msgs := range got {
		for _, m := range msgs {
			left = append(left, key+": "+m)
		}
	}
	sort.Strings(left)
	for _, l := range left {
		t.Errorf("unexpected finding %s", l)
	}
}

func checkWant(t *testing.T, pkg *packages.Package, c *ast.Comment, got map[string][]string) {
	m := wantRe.FindStringSubmatch(c.Text)
	if m == nil {
		return
	}
	p := pkg.Fset.Position(c.Pos())
	key := filepath.Base(p.Filename) + ":" + strconv.Itoa(p.Line)
	for _, q := range regexp.MustCompile(`"(?:[^"\\]|\\.)*"`).FindAllString(m[1], -1) {
		pattern, err := strconv.Unquote(q)
		if err != nil {
			t.Fatalf("%s: bad want %s", key, q)
		}
		rule, re, ok := strings.Cut(pattern, ": ")
		if !ok {
			t.Fatalf("%s: want %s does not name a rule", key, q)
		}
		i := indexMatch(got[key], rule, regexp.MustCompile(re))
		if i < 0 {
			t.Errorf("%s: no finding matches %q (have %q)", key, pattern, got[key])
			continue
		}
		got[key] = append(got[key][:i], got[key][i+1:]...)
		if len(got[key]) == 0 {
			delete(got, key)
		}
	}
}

// indexMatch finds a finding of the rule whose message re matches.
func indexMatch(list []string, rule string, re *regexp.Regexp) int {
	for i, s := range list {
		if msg, ok := strings.CutPrefix(s, rule+": "); ok && re.MatchString(msg) {
			return i
		}
	}
	return -1
}

// writeHuge writes one function of n retry loops, each with a constant sleep:
// a big CFG, many regions, one function.
func writeHuge(t *testing.T, path string, n int) {
	t.Helper()
	var b strings.Builder
	b.WriteString("// Package huge is one function of many retry loops, written by TestRobust.\n")
	b.WriteString("package huge\n\nimport (\n\t\"context\"\n\t\"database/sql\"\n\t\"errors\"\n\t\"time\"\n)\n\n")
	// The attempt asks a database, which may refuse it: a local attempt, or
	// one that only connects, would be left alone.
	b.WriteString("func call(int) error { sql.OpenDB(nil).Exec(\"UPDATE t SET n = 1\"); return errors.New(\"x\") }\n\nfunc Huge() (err error) {\n")
	for i := 0; i < n; i++ {
		b.WriteString("\tfor i := 0; i < 20; i++ { // want \"retryall: retries every error alike\" \"fixedsleep: waits the same\" \"sleepnoctx: cannot be cancelled\"\n")
		fmt.Fprintf(&b, "\t\tif err = call(%d); err == nil {\n\t\t\tbreak\n\t\t}\n", i)
		b.WriteString("\t\ttime.Sleep(5 * time.Second)\n\t}\n")
	}
	b.WriteString("\treturn err\n}\n")
	// A caller holding a context puts a cancellation in reach of the waits.
	b.WriteString("\nfunc serve(ctx context.Context) error { _ = ctx; return Huge() }\n")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// copyDir copies a tree of files.
func copyDir(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, path)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(to, rel), 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(to, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}
