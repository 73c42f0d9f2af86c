package main

// Loading repositories that do not fully build (issue 15): an unavailable
// module, build flags, a vanished working directory.

import (
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// retryLoop is a package with findings that imports only the standard library.
const retryLoop = `package x

import (
	"database/sql"
	"time"
)
var db *sql.DB
func call() error { _, err := db.Exec("UPDATE jobs SET done = true"); return err }

func Fetch() error {
	for {
		if err := call(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
}
`

// brokenWorkspace is a go.work workspace where module b requires
// example.com/gone, replaced by a directory that does not exist. The go command
// then fails every package that needs a module outside the workspace (a/y,
// through example.com/ok), not only b/p; a/x still builds.
var brokenWorkspace = map[string]string{
	"go.work":   "go 1.22\n\nuse (\n\t./a\n\t./b\n)\n",
	"a/go.mod":  "module example.com/a\n\ngo 1.22\n\nrequire example.com/ok v1.0.0\n\nreplace example.com/ok => ../ok\n",
	"a/x/x.go":  retryLoop,
	"a/y/y.go":  "package y\n\nimport \"example.com/ok\"\n\nfunc F() { ok.F() }\n",
	"ok/go.mod": "module example.com/ok\n\ngo 1.22\n",
	"ok/ok.go":  "package ok\n\nfunc F() {}\n",
	"b/go.mod":  "module example.com/b\n\ngo 1.22\n\nrequire example.com/gone v1.0.0\n\nreplace example.com/gone => ../gone\n",
	"b/p/p.go":  "package p\n\nimport \"example.com/gone\"\n\nfunc F() { gone.F() }\n",
}

// retrylintLines returns the lines of out that retrylint itself wrote (not
// findings).
func retrylintLines(out string) []string {
	var lines []string
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "retrylint: ") {
			lines = append(lines, l)
		}
	}
	return lines
}

// TestUnavailableModule: the packages that load are analysed, and the one
// cause of the rest is one line naming the module and the packages that need
// it; exit 2.
func TestUnavailableModule(t *testing.T) {
	t.Parallel()
	dir := writeModule(t, maps.Clone(brokenWorkspace))
	r := runEnv(t, dir, []string{"GOWORK=", "GOFLAGS=", "GOPROXY=off"}, bin, "./a/...", "./b/...")
	lines := retrylintLines(r.stderr)
	if r.code != 2 || len(lines) != 1 {
		t.Fatalf("exit %d, want 2 and one retrylint: line\n%s", r.code, r.stderr)
	}
	for _, want := range []string{"module example.com/gone@v1.0.0 is not available", "example.com/a/y, example.com/b/p"} {
		if !strings.Contains(lines[0], want) {
			t.Errorf("the line lacks %q: %s", want, lines[0])
		}
	}
	if !strings.Contains(r.stderr, filepath.Join("a", "x", "x.go")+":11:2: retry loop") {
		t.Errorf("a/x builds and has findings, want them reported\n%s", r.stderr)
	}
}

// buildFlagsFixture needs go_test.mod (for example.com/lib) and the build tag
// "extra" (for the retry loop in extra.go).
var buildFlagsFixture = map[string]string{
	"go_test.mod": "module example.com/tmp\n\ngo 1.22\n\nrequire example.com/lib v1.0.0\n\nreplace example.com/lib => ./lib\n",
	"lib/go.mod":  "module example.com/lib\n\ngo 1.22\n",
	"lib/lib.go":  "package lib\n\nfunc Get() error { return nil }\n",
	"x/x.go":      "package x\n\nimport \"example.com/lib\"\n\nvar _ = lib.Get\n",
	"x/extra.go":  "//go:build extra\n\n" + retryLoop,
	"change.diff": "--- a/x/extra.go\n+++ b/x/extra.go\n@@ -13,3 +13,3 @@\n \tfor {\n-\t\tif err := call(); err == nil {\n+\t\tif err := call(); err == nil {\n \t\t\treturn nil\n",
}

// TestBuildFlags: -modfile, -mod and -tags, as flags and in GOFLAGS, reach the
// go command standalone, under go vet and in the checklist.
func TestBuildFlags(t *testing.T) {
	t.Parallel()
	dir := writeModule(t, maps.Clone(buildFlagsFixture))
	for _, c := range []struct {
		name string
		env  []string
		args []string
	}{
		{"standalone flags", nil, []string{"-modfile=go_test.mod", "-mod=readonly", "-tags=extra", "./..."}},
		{"standalone GOFLAGS", []string{"GOFLAGS=-modfile=go_test.mod -tags=extra"}, []string{"./..."}},
		{"go vet flags", nil, []string{"go", "vet", "-modfile=go_test.mod", "-tags=extra", "-vettool=" + bin, "./..."}},
		{"go vet GOFLAGS", []string{"GOFLAGS=-modfile=go_test.mod -tags=extra"}, []string{"go", "vet", "-vettool=" + bin, "./..."}},
		{"checklist flags", nil, []string{"checklist", "-diff", "change.diff", "-format", "json", "-modfile=go_test.mod", "-tags=extra", "./..."}},
		{"checklist GOFLAGS", []string{"GOFLAGS=-modfile=go_test.mod -tags=extra"}, []string{"checklist", "-diff", "change.diff", "-format", "json", "./..."}},
	} {
		name, args := bin, c.args
		if args[0] == "go" {
			name, args = "go", args[1:]
		}
		r := runEnv(t, dir, c.env, name, args...)
		out := r.stdout + r.stderr
		if !strings.Contains(out, "retryall") && !strings.Contains(out, "retry loop retries every error") {
			t.Errorf("%s: want the retry loop of extra.go reported (exit %d)\n%s", c.name, r.code, out)
		}
		if strings.Contains(out, "example.com/lib") {
			t.Errorf("%s: example.com/lib did not load\n%s", c.name, out)
		}
	}
	// Without the flags the package does not load, and retrylint says so.
	if r := retrylint(t, dir, "./..."); r.code != 2 || len(retrylintLines(r.stderr)) != 1 {
		t.Errorf("without flags: exit %d, want 2 and one line\n%s", r.code, r.stderr)
	}
}

// TestVanishedWorkingDirectory: run in a directory that no longer exists,
// retrylint says so in one line and exits 2.
func TestVanishedWorkingDirectory(t *testing.T) {
	t.Parallel()
	dir := writeModule(t, map[string]string{"svc/svc.go": blindSleepFixture})
	r := run(t, dir, "sh", "-c", `cd "$1" && rm -rf "$1" && exec "$2" ./...`, "sh", dir, bin)
	if r.code != 2 || strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, "the working directory does not exist") {
		t.Errorf("exit %d, want 2 and one line saying the working directory does not exist\n%s", r.code, r.stderr)
	}
	if _, err := os.Stat(dir); err == nil {
		t.Fatal("the directory is still there")
	}
}

// TestUnparsableGoMod: a go.mod the go command cannot parse gets one line
// that names the first bad line, not the go command's bare heading; exit 2.
func TestUnparsableGoMod(t *testing.T) {
	t.Parallel()
	dir := writeModule(t, map[string]string{
		"go.mod": "module example.com/tools\n\ngo 1.22\n\nrequire (\n\texample.com/cli v25.0.6\n\texample.com/engine v25.0.6\n)\n",
		"pin.go": "package tools\n",
		"x/x.go": retryLoop,
	})
	r := runEnv(t, dir, []string{"GOWORK=", "GOFLAGS=", "GOPROXY=off"}, bin, "./...")
	lines := retrylintLines(r.stderr)
	if r.code != 2 || len(lines) != 1 || strings.Count(r.stderr, "\n") != 1 {
		t.Fatalf("exit %d, want 2 and one line\n%s", r.code, r.stderr)
	}
	for _, want := range []string{"errors parsing go.mod: ", "example.com/cli", "(and 1 more)"} {
		if !strings.Contains(lines[0], want) {
			t.Errorf("the line lacks %q: %s", want, lines[0])
		}
	}
}
