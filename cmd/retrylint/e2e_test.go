package main

// End-to-end tests: they build the retrylint binary once and run it the way users
// do, standalone and as go vet's -vettool, on testdata/example and on small
// modules written to temporary directories.

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// bin is the retrylint binary built by TestMain.
var bin string

func TestMain(m *testing.M) {
	os.Exit(buildAndRun(m))
}

func buildAndRun(m *testing.M) int {
	// testing.M has no TempDir; this directory plays the part of t.TempDir for the
	// binary every test shares.
	dir, err := os.MkdirTemp("", "retrylint-e2e-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	bin = filepath.Join(dir, "retrylint")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		fmt.Fprintf(os.Stderr, "go build -o %s .: %v\n%s", bin, err, out)
		return 1
	}
	return m.Run()
}

// result is what a command printed and its exit status.
type result struct {
	stdout, stderr string
	code           int
}

// run runs name with args in dir, with an environment that keeps the go command
// away from any enclosing workspace.
func run(t *testing.T, dir, name string, args ...string) result {
	t.Helper()
	return runEnv(t, dir, nil, name, args...)
}

// runEnv is run with env added to (and overriding) that environment.
func runEnv(t *testing.T, dir string, env []string, name string, args ...string) result {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), "GOWORK=off", "NO_COLOR=1"), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	if err != nil {
		ee, ok := err.(*exec.ExitError)
		if !ok {
			t.Fatalf("%s %s: %v", name, strings.Join(args, " "), err)
		}
		code = ee.ExitCode()
	}
	return result{stdout.String(), stderr.String(), code}
}

// retrylint runs the binary in dir.
func retrylint(t *testing.T, dir string, args ...string) result {
	t.Helper()
	return run(t, dir, bin, args...)
}

// goVet runs `go vet -vettool=<bin> args...` in dir.
func goVet(t *testing.T, dir string, args ...string) result {
	t.Helper()
	return run(t, dir, "go", append([]string{"vet", "-vettool=" + bin}, args...)...)
}

// writeModule writes files (relative name -> content) into a new temporary module
// named "example.com/tmp" and returns its directory. A go.mod in files replaces
// the default one.
func writeModule(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	if _, ok := files["go.mod"]; !ok {
		files["go.mod"] = "module example.com/tmp\n\ngo 1.25\n"
	}
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// vetJSON returns the JSON that `go vet -json` printed: on stdout since go1.26
// (the tool writes it to the file vet.cfg names), on stderr before.
func vetJSON(r result) string {
	if strings.TrimSpace(r.stdout) != "" {
		return r.stdout
	}
	return r.stderr
}
