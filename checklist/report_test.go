package checklist

import (
	"bytes"
	"encoding/json"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The golden files pin the whole output; these tests say which properties
// of it matter, so a golden update that breaks one is caught.

func TestFixtureScope(t *testing.T) {
	_, rep, _ := fixtureReport(t)
	want := map[string]string{
		"README.md":            "not Go",
		"gen/gen.go":           "generated",
		"old/legacy.go":        "deleted",
		"svc/fetch_test.go":    "test file (rules skip tests by default)",
		"svc/renamed.go":       "no changed lines",
		"broken/broken.go":     "package not analysed (see packages)",
		"svc/fetch.go":         "",
		"store/store.go":       "",
		"consumer/consumer.go": "",
		"svc/client.go":        "",
		"docs/@team <script>alert(1)</script> [x](javascript:alert(2)).md": "not Go",
	}
	got := make(map[string]string)
	for _, f := range rep.Scope.Files {
		got[f.Path] = f.Skipped
		if f.Analyzed != (f.Skipped == "") {
			t.Errorf("%s: analyzed=%v but skipped %q", f.Path, f.Analyzed, f.Skipped)
		}
	}
	for path, reason := range want {
		if r, ok := got[path]; !ok || r != reason {
			t.Errorf("%s: skipped %q (listed %v), want %q", path, r, ok, reason)
		}
	}
	for _, f := range rep.Scope.Files {
		if f.Path == "svc/renamed.go" && (f.OldPath != "svc/moved.go" || f.Status != "renamed") {
			t.Errorf("rename not recognised: %+v", f)
		}
	}
}

// A package that does not type-check is reported, on stderr too, and the
// others are analysed.
func TestBrokenPackageReported(t *testing.T) {
	_, rep, stderr := fixtureReport(t)
	var broken *Package
	analysed := 0
	for i, p := range rep.Packages {
		if p.Path == "example.com/shop/broken" {
			broken = &rep.Packages[i]
		} else if len(p.Errors) == 0 {
			analysed++
		}
	}
	if broken == nil || len(broken.Errors) == 0 || !strings.HasPrefix(broken.Errors[0], "broken/broken.go:4:") {
		t.Errorf("broken package not reported with a relative position: %+v", broken)
	}
	if analysed < 3 {
		t.Errorf("only %d packages analysed besides the broken one", analysed)
	}
	if !strings.Contains(stderr, "package example.com/shop/broken not analysed") {
		t.Errorf("stderr does not name the broken package: %q", stderr)
	}
}

// Out-of-scope code (Poll is unchanged) yields neither sites nor findings;
// the changed retry, HTTP, tx and handler code yields sites.
func TestFixtureSites(t *testing.T) {
	_, rep, _ := fixtureReport(t)
	kinds := make(map[string]int)
	for _, s := range rep.Sites {
		kinds[s.Kind]++
		if s.Function == "Poll" {
			t.Errorf("site in the unchanged function Poll: %+v", s)
		}
	}
	for _, f := range rep.Findings {
		if f.Function == "Poll" {
			t.Errorf("finding in the unchanged function Poll: %+v", f)
		}
	}
	for _, k := range []string{"retry", "http-client", "external-call", "tx-callback", "handler", "idempotent-request"} {
		if kinds[k] == 0 {
			t.Errorf("no %s site in scope (sites: %v)", k, kinds)
		}
	}
}

// Every item is answered, in catalog order, and the JSON keeps the schema
// name.
func TestFixtureItems(t *testing.T) {
	_, rep, _ := fixtureReport(t)
	if rep.Schema != Schema || len(rep.Items) == 0 {
		t.Fatalf("schema %q, %d items", rep.Schema, len(rep.Items))
	}
	for _, it := range rep.Items {
		switch it.Status {
		case StatusPass, StatusFail, StatusReview, StatusNA:
		default:
			t.Errorf("%s: status %q", it.ID, it.Status)
		}
		if it.Reason == "" {
			t.Errorf("%s: no reason", it.ID)
		}
		for _, r := range it.Rules {
			if it.Status == StatusPass && r.State != stateAvailable {
				t.Errorf("%s passes although %s is %s", it.ID, r.Name, r.State)
			}
		}
	}
}

// The same change given as a diff (with context lines, from another
// directory) gives the same answers as -base.
func TestDiffMatchesBase(t *testing.T) {
	dir, rep, _ := fixtureReport(t)
	out, err := exec.Command("git", "-C", dir, "diff", "HEAD~1").Output()
	if err != nil {
		t.Fatal(err)
	}
	diffFile := filepath.Join(t.TempDir(), "change.diff")
	writeFile(t, filepath.Dir(diffFile), filepath.Base(diffFile), string(out))
	var errb bytes.Buffer
	got, err := Build(&Options{DiffFile: diffFile, Dir: filepath.Join(dir, "svc"), Format: "json", FailOn: "fail"}, &errb)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := json.MarshalIndent(struct{ Items, Findings, Sites, Packages any }{rep.Items, rep.Findings, rep.Sites, rep.Packages}, "", " ")
	b, _ := json.MarshalIndent(struct{ Items, Findings, Sites, Packages any }{got.Items, got.Findings, got.Sites, got.Packages}, "", " ")
	if !bytes.Equal(a, b) {
		t.Errorf("-diff and -base disagree:\n%s", firstDiff(string(a), string(b)))
	}
}
