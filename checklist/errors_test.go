package checklist

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// smallRepo makes a two-commit repository whose change touches no Go code,
// for the cases that must fail (or finish) before any package is loaded.
func smallRepo(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	run(t, dir, "git", "init", "-q", "-b", "main")
	writeFile(t, dir, "README.md", "one\n")
	run(t, dir, "git", "add", "-A")
	run(t, dir, "git", "commit", "-q", "-m", "one")
	writeFile(t, dir, "README.md", "two\n")
	run(t, dir, "git", "commit", "-q", "-am", "two")
	return dir
}

func writeFile(t *testing.T, dir, name, content string) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// runCmd runs the command as Main would, in dir, and returns the exit
// status, stdout and stderr.
func runCmd(t *testing.T, dir string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	opts, err := parseFlags(args, &errb)
	if err != nil {
		return exitUsage, out.String(), errb.String()
	}
	opts.Dir = dir
	opts.Stdin = strings.NewReader("")
	code := Run(opts, &out, &errb)
	return code, out.String(), errb.String()
}

func TestUsageErrors(t *testing.T) {
	cases := map[string][]string{
		"no scope":      {},
		"both scopes":   {"-base", "main", "-diff", "x.diff"},
		"bad format":    {"-base", "main", "-format", "html"},
		"bad fail-on":   {"-base", "main", "-fail-on", "always"},
		"unknown flag":  {"-nope"},
		"missing value": {"-base"},
	}
	for name, args := range cases {
		code, _, stderr := runCmd(t, t.TempDir(), args...)
		if code != exitUsage || stderr == "" {
			t.Errorf("%s: exit %d, stderr %q; want 2 and a message", name, code, stderr)
		}
	}
}

// checkOneLine asserts exit 2 and a single stderr line holding every want.
func checkOneLine(t *testing.T, code int, stderr string, want ...string) {
	t.Helper()
	if code != exitUsage {
		t.Errorf("exit %d, want 2 (stderr %q)", code, stderr)
	}
	if strings.Count(strings.TrimSuffix(stderr, "\n"), "\n") != 0 {
		t.Errorf("stderr has more than one line: %q", stderr)
	}
	for _, w := range want {
		if !strings.Contains(stderr, w) {
			t.Errorf("stderr %q does not contain %q", stderr, w)
		}
	}
}

func TestNotAGitRepository(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("GIT_CEILING_DIRECTORIES", filepath.Dir(dir))
	code, _, stderr := runCmd(t, dir, "-base", "main")
	checkOneLine(t, code, stderr, "not inside a git repository", "-diff FILE")
}

func TestUnknownBase(t *testing.T) {
	dir := smallRepo(t)
	code, _, stderr := runCmd(t, dir, "-base", "no-such-branch")
	checkOneLine(t, code, stderr, "base no-such-branch not found", "check the name")
	code, _, stderr = runCmd(t, dir, "-base", "upstream/release")
	checkOneLine(t, code, stderr, "base upstream/release not found", "`git fetch upstream release`")
}

func TestShallowClone(t *testing.T) {
	src := smallRepo(t)
	dst := filepath.Join(t.TempDir(), "shallow")
	run(t, filepath.Dir(dst), "git", "clone", "-q", "--depth", "1", "file://"+src, dst)
	code, _, stderr := runCmd(t, dst, "-base", "HEAD~1")
	checkOneLine(t, code, stderr, "base HEAD~1 not found in this shallow clone", "`git fetch --unshallow`")
	code, _, stderr = runCmd(t, dst, "-base", "origin/feature")
	checkOneLine(t, code, stderr, "shallow clone", "`git fetch --unshallow` or `git fetch origin feature`")
}

func TestMalformedDiff(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "bad.diff", "--- a/x.go\n+++ b/x.go\n@@ -1,3 +1,3 @@\n package x\n")
	code, _, stderr := runCmd(t, dir, "-diff", "bad.diff")
	checkOneLine(t, code, stderr, "malformed diff", "diff line 4")
	code, _, stderr = runCmd(t, dir, "-diff", "missing.diff")
	checkOneLine(t, code, stderr, "cannot read the diff")
}

// A change without Go code answers every item n/a without loading anything,
// and exits 0.
func TestNoGoChange(t *testing.T) {
	dir := smallRepo(t)
	code, out, stderr := runCmd(t, dir, "-base", "HEAD~1", "-format", "json")
	if code != exitOK || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	for _, want := range []string{`"schema": "retrylint.checklist/v1"`, `"verdict": "n/a"`, `"skipped": "not Go"`} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %s:\n%s", want, out)
		}
	}
}

// -diff - reads stdin; a diff applies to the working directory.
func TestDiffFromStdin(t *testing.T) {
	dir := t.TempDir()
	var out, errb bytes.Buffer
	opts := &Options{DiffFile: "-", Dir: dir, Format: "text", FailOn: "fail",
		Stdin: strings.NewReader("--- a/README\n+++ b/README\n@@ -1 +1 @@\n-a\n+b\n")}
	if code := Run(opts, &out, &errb); code != exitOK {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), "diff from stdin") {
		t.Errorf("output does not name stdin:\n%s", out.String())
	}
}

func TestWriteAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "report.md")
	writeFile(t, dir, "report.md", "previous\n")
	err := writeAtomic(path, func(w io.Writer) error {
		w.Write([]byte("half a rep"))
		return errors.New("renderer failed")
	})
	if err == nil {
		t.Fatal("no error from a failing renderer")
	}
	if b, _ := os.ReadFile(path); string(b) != "previous\n" {
		t.Errorf("file changed on error: %q", b)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("temporary file left behind: %v", ents)
	}
	if err := writeAtomic(path, func(w io.Writer) error { _, err := w.Write([]byte("new\n")); return err }); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "new\n" {
		t.Errorf("file = %q, want the new report", b)
	}
}

func TestExitStatus(t *testing.T) {
	cases := []struct {
		s      Summary
		failOn string
		want   int
	}{
		{Summary{Fail: 1}, "fail", 1},
		{Summary{Review: 1}, "fail", 0},
		{Summary{Review: 1}, "review", 1},
		{Summary{Fail: 1}, "never", 0},
		{Summary{OtherFindings: 1}, "fail", 1},
		{Summary{Pass: 3, NA: 2}, "review", 0},
	}
	for _, c := range cases {
		if got := exitStatus(&Report{Summary: c.s}, c.failOn); got != c.want {
			t.Errorf("exitStatus(%+v, %s) = %d, want %d", c.s, c.failOn, got, c.want)
		}
	}
}
