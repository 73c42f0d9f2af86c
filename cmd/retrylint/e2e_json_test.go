package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// finding is one reported (or expected) diagnostic, by position and rule.
type finding struct {
	file string // slash-separated, relative to the analysed module's root
	line int
	rule string
}

func (f finding) String() string { return fmt.Sprintf("%s:%d: %s", f.file, f.line, f.rule) }

// jsonDiag is the part of the checker's JSON diagnostic the tests read.
type jsonDiag struct {
	Category string `json:"category"`
	Posn     string `json:"posn"`
	Message  string `json:"message"`
	URL      string `json:"url"`
}

// parseJSONTrees reads the checker's JSON output: one tree
// ({package: {analyzer: [diagnostic] | {"error": msg}}}) standalone, one per
// package under go vet, where the go command puts "# package" lines between them.
// It returns every diagnostic and every analysis error.
func parseJSONTrees(t *testing.T, out string) (diags []jsonDiag, errs []string) {
	t.Helper()
	var kept []string
	for _, l := range strings.Split(out, "\n") {
		if !strings.HasPrefix(l, "#") {
			kept = append(kept, l)
		}
	}
	dec := json.NewDecoder(strings.NewReader(strings.Join(kept, "\n")))
	for {
		var tree map[string]map[string]json.RawMessage
		err := dec.Decode(&tree)
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("cannot parse JSON output: %v\n%s", err, out)
		}
		for pkg, byAnalyzer := range tree {
			for name, raw := range byAnalyzer {
				if !bytes.HasPrefix(bytes.TrimSpace(raw), []byte("[")) {
					errs = append(errs, fmt.Sprintf("%s: %s: %s", pkg, name, raw))
					continue
				}
				var ds []jsonDiag
				if err := json.Unmarshal(raw, &ds); err != nil {
					t.Fatalf("%s: %s: %v", pkg, name, err)
				}
				for i := range ds {
					if ds[i].Category == "" {
						ds[i].Category = name
					}
				}
				diags = append(diags, ds...)
			}
		}
	}
	return diags, errs
}

// toFindings turns diagnostics into findings with paths relative to root.
func toFindings(t *testing.T, root string, diags []jsonDiag) map[finding]bool {
	t.Helper()
	set := make(map[finding]bool)
	for _, d := range diags {
		file, line := splitPosn(t, d.Posn)
		if !filepath.IsAbs(file) {
			file = filepath.Join(root, file)
		}
		rel, err := filepath.Rel(root, file)
		if err != nil {
			t.Fatal(err)
		}
		set[finding{filepath.ToSlash(rel), line, d.Category}] = true
	}
	return set
}

// splitPosn splits "file:line:col" (or "file:line").
func splitPosn(t *testing.T, posn string) (string, int) {
	t.Helper()
	rest, last, _ := cutLast(posn)
	if file, line, ok := cutLast(rest); ok {
		if n, err := strconv.Atoi(line); err == nil {
			if _, err := strconv.Atoi(last); err == nil {
				return file, n
			}
		}
	}
	n, err := strconv.Atoi(last)
	if err != nil {
		t.Fatalf("bad position %q", posn)
	}
	return rest, n
}

func cutLast(s string) (before, after string, ok bool) {
	i := strings.LastIndex(s, ":")
	if i < 0 {
		return s, "", false
	}
	return s[:i], s[i+1:], true
}

// compareFindings reports every expected finding that is missing and every
// reported one that was not expected.
func compareFindings(t *testing.T, surface string, want, got map[finding]bool) {
	t.Helper()
	var missing, unexpected []string
	for f := range want {
		if !got[f] {
			missing = append(missing, f.String())
		}
	}
	for f := range got {
		if !want[f] {
			unexpected = append(unexpected, f.String())
		}
	}
	sort.Strings(missing)
	sort.Strings(unexpected)
	for _, m := range missing {
		t.Errorf("%s: missing finding (BAD marker not reported): %s", surface, m)
	}
	for _, u := range unexpected {
		t.Errorf("%s: unexpected finding (no BAD marker): %s", surface, u)
	}
}

// reported counts the diagnostics of JSON output per rule; analysis errors fail
// the test.
func reported(t *testing.T, out string) map[string]int {
	t.Helper()
	diags, errs := parseJSONTrees(t, out)
	for _, e := range errs {
		t.Errorf("analysis error: %s", e)
	}
	n := make(map[string]int)
	for _, d := range diags {
		n[d.Category]++
	}
	return n
}
