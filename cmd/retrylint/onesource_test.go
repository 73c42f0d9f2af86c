package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/retrylint/retrylint/analyzers"
	"github.com/retrylint/retrylint/internal/rules"
)

// TestOneSourceForRuleText: each rule's title and text come from rules.yaml;
// `retrylint help <rule>` (the rule's page), `retrylint rules`, the
// Analyzer's Doc, docs/rules/<name>.md and the README's table all say the
// same title.
func TestOneSourceForRuleText(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir()) // no .retrylint.yaml in reach
	var out, errb bytes.Buffer
	if code := rulesMain([]string{"-json"}, &out, &errb); code != 0 {
		t.Fatalf("rules -json: exit %d: %s", code, errb.String())
	}
	var listed []ruleInfo
	if err := json.Unmarshal(out.Bytes(), &listed); err != nil {
		t.Fatal(err)
	}
	titles := make(map[string]string)
	for _, r := range listed {
		titles[r.Name] = r.Title
	}
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	docs := make(map[string]string)
	for _, a := range analyzers.All() {
		docs[a.Name] = a.Doc
	}
	for _, r := range rules.Default().Rules {
		if titles[r.Name] != r.Title {
			t.Errorf("%s: rules says %q, rules.yaml %q", r.Name, titles[r.Name], r.Title)
		}
		head := "# " + r.Name + " — " + r.Title + "\n"
		page, err := os.ReadFile(filepath.Join(root, "docs", "rules", r.Name+".md"))
		if err != nil || !strings.HasPrefix(string(page), head) {
			t.Errorf("%s: docs/rules/%s.md does not start with %q (err %v)", r.Name, r.Name, head, err)
		}
		var help, herr bytes.Buffer
		if code := helpMain([]string{r.Name}, &help, &herr); code != 0 || help.String() != string(page) {
			t.Errorf("%s: help prints something other than the rule's page (exit %d)", r.Name, code)
		}
		if d, ok := docs[r.Name]; ok && !strings.HasPrefix(d, r.Title+"\n") {
			t.Errorf("%s: Analyzer.Doc starts %q, want the title %q", r.Name, firstLine(d), r.Title)
		}
		row := "| [" + r.Name + "](docs/rules/" + r.Name + ".md) | " + r.Title + " |"
		if !bytes.Contains(readme, []byte(row)) {
			t.Errorf("%s: README has no row %q", r.Name, row)
		}
	}
}

// TestHelpTopics: help knows the subcommands and refuses an unknown topic.
func TestHelpTopics(t *testing.T) {
	for _, topic := range []string{"checklist", "rules", "version"} {
		var out, errb bytes.Buffer
		if code := helpMain([]string{topic}, &out, &errb); code != 0 || !strings.Contains(out.String(), "usage: retrylint "+topic) {
			t.Errorf("help %s: exit %d, output %q", topic, code, out.String())
		}
	}
	var out, errb bytes.Buffer
	if code := helpMain([]string{"retyall"}, &out, &errb); code != 2 || !strings.Contains(errb.String(), "did you mean retryall?") {
		t.Errorf("help retyall: exit %d, stderr %q", code, errb.String())
	}
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}

// TestRulesLocalConfig: `retrylint rules` applies the .retrylint.yaml of the
// current directory, and fails (exit 2, file:line) when it is broken.
func TestRulesLocalConfig(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/m\n"), 0o644)
	t.Chdir(dir)
	os.WriteFile(".retrylint.yaml", []byte("rules:\n  - name: nojitter\n    enabled: false\n"), 0o644)
	var out, errb bytes.Buffer
	if code := rulesMain(nil, &out, &errb); code != 0 || !regexp.MustCompile(`(?m)^nojitter .*\(disabled\)`).MatchString(out.String()) {
		t.Errorf("rules: exit %d, nojitter not shown disabled:\n%s%s", code, out.String(), errb.String())
	}
	// Another module: the rules package caches what it loaded per directory.
	dir = t.TempDir()
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/m\n"), 0o644)
	t.Chdir(dir)
	os.WriteFile(".retrylint.yaml", []byte("rules:\n  - name: nojitter\n    enabled: maybe\n"), 0o644)
	out.Reset()
	errb.Reset()
	if code := rulesMain(nil, &out, &errb); code != 2 || !strings.Contains(errb.String(), ".retrylint.yaml:3:") {
		t.Errorf("rules with a broken .retrylint.yaml: exit %d, stderr %q", code, errb.String())
	}
}
