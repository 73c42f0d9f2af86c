package load

import (
	"bytes"
	"fmt"
	"os/exec"
	"strings"
)

// noPackages explains an empty load. go/packages hides the go command's error
// when go list fails before it lists anything (a go.mod that needs updating):
// asking go list again brings that error back, so the line names the cause and
// the go command's fix instead of "matched no packages".
func noPackages(dir string, env, buildFlags, patterns []string) error {
	args := append([]string{"list", "-e", "-f", "{{.ImportPath}}"}, buildFlags...)
	cmd := exec.Command("go", append(args, patterns...)...)
	cmd.Dir, cmd.Env = dir, env
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	_, err := cmd.Output()
	what := strings.Join(patterns, " ")
	if msg := oneLine(stderr.String()); err != nil && msg != "" {
		return fmt.Errorf("go list found no packages in %s: %s", what, msg)
	}
	return fmt.Errorf("%s matched no packages", what)
}

// oneLine joins the go command's message onto one line, without "go: ".
func oneLine(msg string) string {
	var parts []string
	for _, line := range strings.Split(msg, "\n") {
		if line = strings.TrimSpace(line); line != "" {
			parts = append(parts, strings.TrimPrefix(line, "go: "))
		}
	}
	return strings.Join(parts, " ")
}
