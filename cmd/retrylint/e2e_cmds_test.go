package main

import (
	"encoding/json"
	"runtime"
	"strings"
	"testing"

	"github.com/retrylint/retrylint/analyzers"
	"github.com/retrylint/retrylint/internal/rules"
)

func TestRulesTable(t *testing.T) {
	r := retrylint(t, ".", "rules")
	if r.code != 0 {
		t.Fatalf("rules: exit %d\n%s", r.code, r.stderr)
	}
	lines := strings.Split(strings.TrimRight(r.stdout, "\n"), "\n")
	if !strings.HasPrefix(lines[0], "NAME") || !strings.Contains(lines[0], "SEVERITY") || !strings.Contains(lines[0], "DOC") {
		t.Errorf("no header line: %q", lines[0])
	}
	names := rules.Names()
	if len(lines) != len(names)+1 {
		t.Fatalf("%d rows for %d rules:\n%s", len(lines)-1, len(names), r.stdout)
	}
	// Aligned: the DOC column starts at the same offset on every line.
	col := strings.Index(lines[0], "DOC")
	for i, name := range names {
		row := lines[i+1]
		if !strings.HasPrefix(row, name+" ") {
			t.Errorf("row %d is %q, want rule %s (catalog order)", i+1, row, name)
		}
		if !strings.HasPrefix(row[min(col, len(row)):], "https://") {
			t.Errorf("row %q: the DOC column is not aligned at offset %d", row, col)
		}
	}
}

func TestRulesJSON(t *testing.T) {
	r := retrylint(t, ".", "rules", "-json")
	if r.code != 0 {
		t.Fatalf("rules -json: exit %d\n%s", r.code, r.stderr)
	}
	var list []ruleInfo
	if err := json.Unmarshal([]byte(r.stdout), &list); err != nil {
		t.Fatalf("rules -json: %v\n%s", err, r.stdout)
	}
	names := rules.Names()
	if len(list) != len(names) {
		t.Fatalf("%d rules in JSON, %d in the catalog", len(list), len(names))
	}
	impl := make(map[string]bool)
	for _, a := range analyzers.All() {
		impl[a.Name] = true
	}
	for i, ri := range list {
		if ri.Name != names[i] {
			t.Errorf("entry %d is %s, want %s", i, ri.Name, names[i])
		}
		if ri.Severity == "" || ri.Title == "" || ri.Status == "" {
			t.Errorf("%s: severity, title and status must be set: %+v", ri.Name, ri)
		}
		if !strings.HasSuffix(ri.URL, "/docs/rules/"+ri.Name+".md") {
			t.Errorf("%s: url %q", ri.Name, ri.URL)
		}
		if (ri.Status == "available") != impl[ri.Name] {
			t.Errorf("%s: status %q, but has an analyzer: %v", ri.Name, ri.Status, impl[ri.Name])
		}
	}
}

func TestVersion(t *testing.T) {
	r := retrylint(t, ".", "version")
	if r.code != 0 || !strings.HasPrefix(r.stdout, "retrylint ") || !strings.Contains(r.stdout, runtime.Version()) {
		t.Fatalf("version: exit %d, stdout %q; want `retrylint <version> %s ...`", r.code, r.stdout, runtime.Version())
	}
}

func TestHelp(t *testing.T) {
	r := retrylint(t, ".", "help")
	if r.code != 0 {
		t.Fatalf("help: exit %d\n%s", r.code, r.stderr)
	}
	for _, want := range []string{"go vet -vettool", "retrylint checklist", "retrylint rules", "retrylint version", "-config", "-fix"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("help does not mention %q", want)
		}
	}
	for _, a := range analyzers.All() {
		if !strings.Contains(r.stdout, a.Name) {
			t.Errorf("help does not list rule %s", a.Name)
		}
		// `help RULE` shows the rule's page.
		if r := retrylint(t, ".", "help", a.Name); r.code != 0 || !strings.Contains(r.stdout, a.Name) {
			t.Errorf("help %s: exit %d\n%s%s", a.Name, r.code, r.stdout, r.stderr)
		}
	}
}

// TestVetProtocol: the two questions go vet asks its tool before any package.
func TestVetProtocol(t *testing.T) {
	r := retrylint(t, ".", "-flags")
	var flags []struct{ Name string }
	if err := json.Unmarshal([]byte(r.stdout), &flags); r.code != 0 || err != nil {
		t.Fatalf("-flags: exit %d, %v\n%s", r.code, err, r.stdout)
	}
	found := false
	for _, f := range flags {
		found = found || f.Name == "config"
	}
	if !found {
		t.Errorf("-flags does not list -config, so go vet would reject it")
	}
	if r := retrylint(t, ".", "-V=full"); r.code != 0 || !strings.Contains(r.stdout, "buildID=") {
		t.Errorf("-V=full: exit %d, %q", r.code, r.stdout)
	}
}

// TestExitCodes: 0 on clean code, 2 on code that does not build and on usage errors.
func TestExitCodes(t *testing.T) {
	clean := writeModule(t, map[string]string{"svc/svc.go": "package svc\n\nfunc F() int { return 1 }\n"})
	if r := retrylint(t, clean, "./..."); r.code != 0 {
		t.Errorf("clean module: exit %d, want 0\n%s", r.code, r.stderr)
	}
	broken := writeModule(t, map[string]string{"svc/svc.go": "package svc\n\nfunc F() int { return \"x\" }\n"})
	r := retrylint(t, broken, "./...")
	if want := "svc/svc.go:3:23: cannot use"; r.code != 2 || !strings.Contains(r.stderr, want) || strings.Count(r.stderr, "\n") != 1 {
		t.Errorf("module with a type error: exit %d, want 2 and one line naming %q\n%s", r.code, want, r.stderr)
	}
	r = retrylint(t, clean, "./nosuch")
	if r.code != 2 || !strings.Contains(r.stderr, "nosuch") || strings.Count(r.stderr, "\n") != 1 {
		t.Errorf("missing package: exit %d, want 2 and one line naming it\n%s", r.code, r.stderr)
	}
	if r := retrylint(t, clean, "-nosuchflag", "./..."); r.code != 2 {
		t.Errorf("unknown flag: exit %d, want 2\n%s", r.code, r.stderr)
	}
	if r := retrylint(t, clean, "rules", "extra"); r.code != 2 {
		t.Errorf("rules extra: exit %d, want 2", r.code)
	}
}

// TestChdirFlag: a leading -C runs the analysis in another directory.
func TestChdirFlag(t *testing.T) {
	t.Parallel()
	dir := writeModule(t, map[string]string{"svc/svc.go": blindSleepFixture})
	if r := retrylint(t, ".", "-C", dir, "./..."); r.code != 3 {
		t.Fatalf("-C %s ./...: exit %d, want 3\n%s", dir, r.code, r.stderr)
	}
}

// TestNoArguments: a bare `retrylint` is a usage error that shows the usage.
func TestNoArguments(t *testing.T) {
	r := retrylint(t, ".")
	if r.code != 2 || !strings.Contains(r.stderr, "go vet -vettool") {
		t.Fatalf("no arguments: exit %d, want 2 and the usage on stderr\n%s", r.code, r.stderr)
	}
}
