package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestDocCommands runs the shell commands of every documentation block marked
// `<!-- doc-commands: run by TestDocCommands -->`, as a user would: `retrylint`
// on PATH, in a copy of testdata/example (with the ci/retrylint.yaml the
// recipes name), `go install`/`go run` of this repository from its root. A
// `go vet -a` runs without -a. A command passes unless it exits 2 (usage or configuration error) or above 3
// (3 is retrylint's "findings"), or
// its stderr says a flag is unknown. It takes minutes (go vet runs over the
// example), so it runs when RETRYLINT_DOC_COMMANDS=1 (.ci/steps/15-doc-commands.sh).
func TestDocCommands(t *testing.T) {
	if os.Getenv("RETRYLINT_DOC_COMMANDS") == "" {
		t.Skip("set RETRYLINT_DOC_COMMANDS=1 (.ci/steps/15-doc-commands.sh)")
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	example := copyDir(t, filepath.Join(root, "testdata", "example"))
	if err := os.MkdirAll(filepath.Join(example, "ci"), 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(example, "ci", "retrylint.yaml"), []byte("rules:\n  - name: nojitter\n    enabled: true\n"), 0o644)
	gobin := t.TempDir()
	env := append(os.Environ(), "GOWORK=off", "NO_COLOR=1", "GOBIN="+gobin,
		"PATH="+filepath.Dir(bin)+string(os.PathListSeparator)+os.Getenv("PATH"))
	ran := 0
	done := make(map[string]bool) // the README repeats recipes of docs/
	for _, cmd := range docBlocks(t, root, "TestDocCommands") {
		if done[cmd] {
			continue
		}
		done[cmd] = true
		start := time.Now()
		dir := example
		if strings.HasPrefix(cmd, "go install ./cmd/") || strings.HasPrefix(cmd, "go run ./cmd/") {
			dir = root
		}
		if strings.HasPrefix(cmd, "go test") {
			continue // the suite itself (.ci/run)
		}
		line := strings.ReplaceAll(cmd, "path/to/module", ".")
		// -a only forces go vet to rebuild everything, standard library
		// included: minutes of CI time that prove nothing about the command.
		line = strings.Replace(line, "go vet -a ", "go vet ", 1)
		c := exec.Command("sh", "-c", line)
		c.Dir, c.Env = dir, env
		var stderr bytes.Buffer
		c.Stdout, c.Stderr = &bytes.Buffer{}, &stderr
		err := c.Run()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatalf("%s: %v", cmd, err)
		}
		if code == 2 || code > 3 || regexp.MustCompile(`unknown flag|flag provided but not defined`).MatchString(stderr.String()) {
			t.Errorf("%s (in %s): exit %d\n%s", cmd, filepath.Base(dir), code, stderr.String())
		}
		t.Logf("%s: exit %d in %v", cmd, code, time.Since(start).Round(time.Second))
		ran++
	}
	if ran < 10 {
		t.Errorf("ran %d documented commands, want at least 10", ran)
	}
}

// docBlocks returns the command lines of the documentation's shell blocks
// marked as run by test, comments and blank lines dropped.
func docBlocks(t *testing.T, root, test string) []string {
	files := []string{"README.md", ".golangci-plugin/README.md"}
	more, _ := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	for _, m := range more {
		r, _ := filepath.Rel(root, m)
		files = append(files, r)
	}
	mark := "<!-- doc-commands: run by " + test
	var out []string
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join(root, f))
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(data), "\n")
		for i := 1; i < len(lines); i++ {
			if !strings.HasPrefix(lines[i], "```sh") || !strings.HasPrefix(lines[i-1], mark) {
				continue
			}
			for i++; i < len(lines) && !strings.HasPrefix(lines[i], "```"); i++ {
				l := strings.TrimSpace(lines[i])
				if j := strings.Index(l, " #"); j >= 0 {
					l = strings.TrimSpace(l[:j])
				}
				if l != "" && !strings.HasPrefix(l, "#") {
					out = append(out, l)
				}
			}
		}
	}
	return out
}

// copyDir copies a directory tree into a new temporary directory.
func copyDir(t *testing.T, src string) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), filepath.Base(src))
	if out, err := exec.Command("cp", "-R", src, dst).CombinedOutput(); err != nil {
		t.Fatalf("cp -R: %v\n%s", err, out)
	}
	return dst
}
