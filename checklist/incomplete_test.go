package checklist

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// retryingSvc is changed code with five failing items when analysed.
const retryingSvc = `package svc

import (
	"net/http"
	"time"
)

// Get retries every error with a fixed sleep that ignores cancellation.
func Get(url string) (*http.Response, error) {
	var err error
	for {
		var resp *http.Response
		if resp, err = http.Get(url); err == nil {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
}
`

// prRepo makes a repository whose change adds retryingSvc and the extra
// files, and returns its directory.
func prRepo(t *testing.T, extra map[string]string) string {
	t.Helper()
	setGitEnv(t)
	dir := t.TempDir()
	run(t, dir, "git", "init", "-q", "-b", "main")
	writeFile(t, dir, "go.mod", "module example.com/pr\n\ngo 1.22\n")
	writeFile(t, dir, "svc/doc.go", "// Package svc is the service.\npackage svc\n")
	run(t, dir, "git", "add", "-A")
	run(t, dir, "git", "commit", "-q", "-m", "base")
	writeFile(t, dir, "svc/svc.go", retryingSvc)
	for name, content := range extra {
		if err := os.WriteFile(dir+"/"+name, []byte(content), 0o644); err != nil {
			t.Skipf("cannot make %q here: %v", name, err)
		}
	}
	run(t, dir, "git", "add", "-A")
	run(t, dir, "git", "commit", "-q", "-m", "change")
	return dir
}

// TestIncompleteFailsClosed: a change whose package cannot be analysed is
// never a pass: code that does not type-check; a mistyped pattern.
// Each gives an INCOMPLETE report, first in every format, exit 1, and no
// path of the machine's build cache.
func TestIncompleteFailsClosed(t *testing.T) {
	cases := []struct {
		name  string
		extra map[string]string
		args  []string
	}{
		{"type error", map[string]string{"svc/bad.go": "package svc\n\nvar X int = \"s\"\n"}, nil},
		{"mistyped pattern", nil, []string{"./nonexistent/..."}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := prRepo(t, c.extra)
			cache := strings.TrimSpace(run(t, dir, "go", "env", "GOCACHE"))
			for _, format := range []string{"text", "markdown", "json", "sarif", "github"} {
				args := append([]string{"-base", "HEAD~1", "-format", format}, c.args...)
				code, out, stderr := runCmd(t, dir, args...)
				if code != exitFail {
					t.Errorf("%s: exit %d, want %d\n%s%s", format, code, exitFail, out, stderr)
				}
				if cache != "" && strings.Contains(out+stderr, cache) {
					t.Errorf("%s: output names the build cache %s:\n%s%s", format, cache, out, stderr)
				}
				if strings.Count(out, "the change touches no") != strings.Count(out, "the analysed part of the change touches no") {
					t.Errorf("%s: an item claims the change touches nothing:\n%s", format, out)
				}
				checkIncompleteFirst(t, format, out)
			}
		})
	}
}

// TestNewlineFileNameAnalysed: a file whose name holds a newline builds and
// vets; the loader reads it from source like any other, so its findings count
// and its name reaches the report escaped onto one line.
func TestNewlineFileNameAnalysed(t *testing.T) {
	dir := prRepo(t, map[string]string{"svc/x\ny.go": "package svc\n\nimport (\n\t\"net/http\"\n\t\"time\"\n)\n\n" +
		"func Again(url string) {\n\tfor {\n\t\tif _, err := http.Get(url); err == nil {\n\t\t\treturn\n\t\t}\n\t\ttime.Sleep(time.Second)\n\t}\n}\n"})
	code, out, stderr := runCmd(t, dir, "-base", "HEAD~1", "-format", "text")
	if code != exitFail || strings.Contains(out, "INCOMPLETE") || !strings.Contains(out, "2 files changed, 2 analysed") {
		t.Fatalf("exit %d, want %d with both files analysed:\n%s%s", code, exitFail, out, stderr)
	}
	if !strings.Contains(out, "y.go:9: [fixedsleep]") || strings.Contains(out, "x\ny.go") {
		t.Errorf("the finding in the newline-named file is missing or not escaped:\n%s", out)
	}
}

// checkIncompleteFirst checks that the report says INCOMPLETE before any item.
func checkIncompleteFirst(t *testing.T, format, out string) {
	t.Helper()
	switch format {
	case "json":
		var rep Report
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatal(err)
		}
		if len(rep.Incomplete) == 0 || rep.Summary.Verdict == StatusPass || rep.Summary.Verdict == StatusNA {
			t.Errorf("json: incomplete %q, verdict %q", rep.Incomplete, rep.Summary.Verdict)
		}
		for _, it := range rep.Items {
			if it.Status == StatusPass {
				t.Errorf("json: item %s passes although part of the change was not analysed", it.ID)
			}
		}
		if i, j := strings.Index(out, `"incomplete"`), strings.Index(out, `"items"`); i < 0 || i > j {
			t.Errorf("json: incomplete does not come first")
		}
	case "sarif":
		if !strings.Contains(out, `"executionSuccessful": false`) {
			t.Errorf("sarif: run not marked unsuccessful:\n%s", out)
		}
	default:
		i := strings.Index(out, "INCOMPLETE")
		first := strings.IndexAny(out, "\n")
		if format == "markdown" {
			first = strings.Index(out, "- [")
		}
		if i < 0 || (format != "markdown" && i > first+len("retrylint checklist: ")+len(out[:first])) || (format == "markdown" && first >= 0 && i > first) {
			t.Errorf("%s: INCOMPLETE is not shown first:\n%s", format, out)
		}
	}
}

// TestNotADiff: input without a file header is an error, not an empty change.
func TestNotADiff(t *testing.T) {
	dir := smallRepo(t)
	var errb strings.Builder
	opts, err := parseFlags([]string{"-diff", "-"}, &errb)
	if err != nil {
		t.Fatal(err)
	}
	opts.Dir, opts.Stdin = dir, strings.NewReader("not a diff\n")
	var out strings.Builder
	if code := Run(opts, &out, &errb); code != exitUsage || !strings.Contains(errb.String(), "not a unified diff") {
		t.Errorf("exit %d, stderr %q; want %d and 'not a unified diff'", code, errb.String(), exitUsage)
	}
	opts.Stdin = strings.NewReader("")
	if code := Run(opts, &out, &errb); code != exitOK {
		t.Errorf("empty diff: exit %d, want 0", code)
	}
}
