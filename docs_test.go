package retrylint

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// docFiles are the documents whose shell commands users copy.
func docFiles(t *testing.T) []string {
	files := []string{"README.md", ".golangci-plugin/README.md"}
	more, err := filepath.Glob("docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	return append(files, more...)
}

var docCommands = regexp.MustCompile(`^<!-- doc-commands: (run by (\S+)( \(.*\))?|not run in CI: .+) -->$`)

// TestDocCommandsAccounted: every ```sh block of the documentation says, in
// the comment line above it, the test or CI step that runs its commands
// (which must exist), or what a CI run cannot have. TestDocCommands
// (cmd/retrylint, .ci/steps/15-doc-commands.sh) runs the blocks it is named in.
func TestDocCommandsAccounted(t *testing.T) {
	tests := testNames(t)
	for _, f := range docFiles(t) {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(data), "\n")
		for i, l := range lines {
			if !strings.HasPrefix(l, "```sh") {
				continue
			}
			m := []string(nil)
			if i > 0 {
				m = docCommands.FindStringSubmatch(lines[i-1])
			}
			switch {
			case m == nil:
				t.Errorf("%s:%d: shell block without a <!-- doc-commands: run by X | not run in CI: why --> line above it", f, i+1)
			case m[2] == "":
			case strings.HasPrefix(m[2], ".ci/"):
				if _, err := os.Stat(m[2]); err != nil {
					t.Errorf("%s:%d: %s does not exist", f, i+1, m[2])
				}
			case !tests[m[2]]:
				t.Errorf("%s:%d: no test named %s", f, i+1, m[2])
			}
		}
	}
}

// testNames lists the Test functions of the module.
func testNames(t *testing.T) map[string]bool {
	names := make(map[string]bool)
	re := regexp.MustCompile(`(?m)^func (Test\w+)\(`)
	filepath.WalkDir(".", func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".") && p != ".") {
			return filepath.SkipDir
		}
		if strings.HasSuffix(p, "_test.go") {
			data, _ := os.ReadFile(p)
			for _, m := range re.FindAllStringSubmatch(string(data), -1) {
				names[m[1]] = true
			}
		}
		return nil
	})
	return names
}
