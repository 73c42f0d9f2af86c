package checklist

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"
)

// gitEnv makes fixture commits reproducible (same hashes on every run) and
// keeps the user's git configuration out of the tests.
var gitEnv = []string{
	"GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1",
	"GIT_AUTHOR_NAME=fixture", "GIT_AUTHOR_EMAIL=fixture@example.com",
	"GIT_COMMITTER_NAME=fixture", "GIT_COMMITTER_EMAIL=fixture@example.com",
	"GIT_AUTHOR_DATE=2025-01-01T00:00:00Z", "GIT_COMMITTER_DATE=2025-01-01T00:00:00Z",
}

// setGitEnv applies gitEnv to the test process, so that the command's own
// git calls see the same configuration as the fixture's.
func setGitEnv(t *testing.T) {
	for _, kv := range gitEnv {
		k, v, _ := strings.Cut(kv, "=")
		t.Setenv(k, v)
	}
}

// run runs a command in dir and fails the test on error.
func run(t *testing.T, dir string, name string, args ...string) string {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), gitEnv...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
	return string(out)
}

// buildFixture makes a git repository from testdata/fixture.txtar: a base
// commit and a change commit. It returns the repository's directory.
func buildFixture(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	makeFixture(t, dir)
	return dir
}

// makeFixture builds the fixture repository in dir.
func makeFixture(t *testing.T, dir string) {
	t.Helper()
	ar, err := txtar.ParseFile(filepath.Join("testdata", "fixture.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	run(t, dir, "git", "init", "-q", "-b", "main")
	writeTree(t, dir, ar, "base/")
	run(t, dir, "git", "add", "-A")
	run(t, dir, "git", "commit", "-q", "-m", "base")
	clearTree(t, dir)
	writeTree(t, dir, ar, "change/")
	run(t, dir, "git", "add", "-A")
	run(t, dir, "git", "commit", "-q", "-m", "change")
}

func writeTree(t *testing.T, dir string, ar *txtar.Archive, prefix string) {
	for _, f := range ar.Files {
		name, ok := strings.CutPrefix(f.Name, prefix)
		if !ok {
			continue
		}
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// clearTree removes everything but .git, so the change tree replaces the
// base tree whole (deletions included).
func clearTree(t *testing.T, dir string) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		if e.Name() == ".git" {
			continue
		}
		if err := os.RemoveAll(filepath.Join(dir, e.Name())); err != nil {
			t.Fatal(err)
		}
	}
}
