package main

import (
	"bufio"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/retrylint/retrylint/internal/rules"
)

// exampleDir is the bundled example module, relative to this package.
var exampleDir = filepath.Join("..", "..", "testdata", "example")

// badMarker matches the trailing `// BAD: rule1, rule2` comment the example puts
// on every line where a finding must be reported.
var badMarker = regexp.MustCompile(`//\s*BAD:\s*([a-z][a-z0-9]*(?:\s*,\s*[a-z][a-z0-9]*)*)`)

// exampleModule returns the example's absolute directory after making sure its
// dependencies are in the module cache. Without network access they cannot be
// downloaded: the test is skipped, saying so, rather than failing.
func exampleModule(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(exampleDir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "go.mod")); err != nil {
		t.Fatalf("the example module is missing: %v", err)
	}
	r := run(t, dir, "go", "mod", "download")
	if r.code != 0 {
		if looksOffline(r.stderr) {
			t.Skipf("SKIP: cannot download the example's dependencies (no network?): %s", r.stderr)
		}
		t.Fatalf("go mod download in %s: exit %d\n%s", dir, r.code, r.stderr)
	}
	return dir
}

// looksOffline reports whether a go command failed for want of network access.
func looksOffline(stderr string) bool {
	for _, s := range []string{"dial tcp", "no such host", "connection refused", "i/o timeout",
		"network is unreachable", "TLS handshake", "GOPROXY=off", "GOFLAGS=-mod=vendor", "temporary failure in name resolution"} {
		if strings.Contains(stderr, s) {
			return true
		}
	}
	return false
}

// availableRules is the set of rules the catalog marks as implemented.
func availableRules(t *testing.T) map[string]bool {
	t.Helper()
	set := make(map[string]bool)
	for _, r := range rules.Default().Rules {
		if r.Status == "available" {
			set[r.Name] = true
		}
	}
	if len(set) == 0 {
		t.Fatal("the catalog lists no available rule")
	}
	return set
}

// badMarkers collects the BAD markers of every .go file under root, for the rules
// in keep.
func badMarkers(t *testing.T, root string, keep map[string]bool) map[finding]bool {
	t.Helper()
	want := make(map[finding]bool)
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		rel, _ := filepath.Rel(root, path)
		sc := bufio.NewScanner(f)
		for line := 1; sc.Scan(); line++ {
			m := badMarker.FindStringSubmatch(sc.Text())
			if m == nil {
				continue
			}
			for _, rule := range strings.Split(m[1], ",") {
				if rule = strings.TrimSpace(rule); keep[rule] {
					want[finding{filepath.ToSlash(rel), line, rule}] = true
				}
			}
		}
		return sc.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
	return want
}

// only keeps the findings of the rules in keep.
func only(set map[finding]bool, keep map[string]bool) map[finding]bool {
	out := make(map[finding]bool)
	for f := range set {
		if keep[f.rule] {
			out[f] = true
		}
	}
	return out
}

// checkURLs checks that every diagnostic links its rule's page.
func checkURLs(t *testing.T, diags []jsonDiag, avail map[string]bool) {
	t.Helper()
	for _, d := range diags {
		if avail[d.Category] && !strings.HasSuffix(d.URL, "/docs/rules/"+d.Category+".md") {
			t.Errorf("%s: %s: url %q does not point at docs/rules/%s.md", d.Posn, d.Category, d.URL, d.Category)
		}
	}
}

// TestExampleStandalone: `retrylint -json ./...` on the example reports exactly the
// BAD markers of every available rule, each with its documentation URL.
func TestExampleStandalone(t *testing.T) {
	t.Parallel()
	dir := exampleModule(t)
	avail := availableRules(t)
	want := badMarkers(t, dir, avail)
	if len(want) == 0 {
		t.Fatal("the example has no BAD marker for any available rule")
	}
	r := retrylint(t, dir, "-json", "./...")
	if r.code != 0 {
		t.Fatalf("retrylint -json ./...: exit %d (want 0: -json always exits 0)\n%s", r.code, r.stderr)
	}
	diags, errs := parseJSONTrees(t, r.stdout)
	for _, e := range errs {
		t.Errorf("analysis error: %s", e)
	}
	checkURLs(t, diags, avail)
	compareFindings(t, "standalone", want, only(toFindings(t, dir, diags), avail))
}

// TestExampleVet: `go vet -vettool=retrylint -json ./...` reports the same set.
func TestExampleVet(t *testing.T) {
	t.Parallel()
	dir := exampleModule(t)
	avail := availableRules(t)
	want := badMarkers(t, dir, avail)
	r := goVet(t, dir, "-json", "./...")
	if r.code != 0 {
		t.Fatalf("go vet -vettool -json ./...: exit %d\n%s", r.code, r.stderr)
	}
	diags, errs := parseJSONTrees(t, vetJSON(r))
	for _, e := range errs {
		t.Errorf("analysis error: %s", e)
	}
	checkURLs(t, diags, avail)
	compareFindings(t, "go vet", want, only(toFindings(t, dir, diags), avail))
}
