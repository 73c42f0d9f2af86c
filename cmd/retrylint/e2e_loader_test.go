package main

import (
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// factsBoundary is a module whose retry wrapper Do exists twice: in a package of
// the module (wrap), and in a module required at a version (example.com/lib,
// replaced by a directory so that no download is needed). Facts are inferred
// for the first only (retryscope.Origin): a POST in a callback of wrap.Do is a
// retried request, one in a callback of lib.Do is not known to be.
var factsBoundary = map[string]string{
	"app/go.mod":       "module example.com/app\n\ngo 1.22\n\nrequire example.com/lib v1.0.0\n\nreplace example.com/lib v1.0.0 => ../lib\n",
	"lib/go.mod":       "module example.com/lib\n\ngo 1.22\n",
	"lib/lib.go":       "package lib\n\n" + wrapperSource,
	"app/wrap/wrap.go": "package wrap\n\n" + wrapperSource,
	"app/svc/svc.go": `package svc

import (
	"errors"
	"net/http"

	"example.com/app/wrap"
	"example.com/lib"
)

func Local(c *http.Client, url string) error {
	return wrap.Do(func() error {
		req, err := http.NewRequest("POST", url, http.NoBody)
		if err != nil {
			return err
		}
		resp, err := c.Do(req)
		if err == nil && resp.StatusCode >= 300 {
			err = errors.New(resp.Status)
		}
		return err
	})
}

func External(c *http.Client, url string) error {
	return lib.Do(func() error {
		req, err := http.NewRequest("POST", url, http.NoBody)
		if err != nil {
			return err
		}
		resp, err := c.Do(req)
		if err == nil && resp.StatusCode >= 300 {
			err = errors.New(resp.Status)
		}
		return err
	})
}
`,
}

const wrapperSource = `import "time"

// Do calls f until it succeeds, twenty times at most.
func Do(f func() error) error {
	var err error
	for i := 0; i < 20; i++ {
		if err = f(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
`

var svcFinding = regexp.MustCompile(`svc/svc\.go:(\d+):\d+: `)

// svcLines returns the lines of svc.go with a finding.
func svcLines(out string) []string {
	var lines []string
	for _, m := range svcFinding.FindAllStringSubmatch(out, -1) {
		lines = append(lines, m[1])
	}
	slices.Sort(lines)
	return slices.Compact(lines)
}

// TestFactsBoundary: the standalone loader, the x/tools checker's loader and go
// vet agree on where facts come from.
func TestFactsBoundary(t *testing.T) {
	files := map[string]string{"go.mod": "module example.com/unused\n"}
	for k, v := range factsBoundary {
		files[k] = v
	}
	root := writeModule(t, files)
	app := root + "/app"
	// The POST in wrap.Do's callback, and (retryall) the wrap.Do call itself:
	// wrap.Do forwards its caller's operation, so the call is judged. Neither
	// for lib.Do, whose facts stay in their module.
	want := []string{"12", "13"}
	if got := svcLines(retrylint(t, app, "./svc").stderr); !slices.Equal(got, want) {
		t.Errorf("standalone: findings on svc.go lines %v, want %v", got, want)
	}
	t.Setenv(loaderEnv, "xtools")
	if got := svcLines(retrylint(t, app, "./svc").stderr); !slices.Equal(got, want) {
		t.Errorf("x/tools loader: findings on svc.go lines %v, want %v", got, want)
	}
	if got := svcLines(goVet(t, app, "./svc").stderr); !slices.Equal(got, want) {
		t.Errorf("go vet: findings on svc.go lines %v, want %v", got, want)
	}
}

// TestLoadersAgree: on the example module, retrylint's loader and the x/tools
// checker's (every dependency from source) print the same findings.
func TestLoadersAgree(t *testing.T) {
	dir := exampleModule(t)
	own := retrylint(t, dir, "./...")
	t.Setenv(loaderEnv, "xtools")
	xtools := retrylint(t, dir, "./...")
	if own.code != 3 || xtools.code != 3 {
		t.Fatalf("exit %d and %d, want 3 (findings) from both\n%s\n%s", own.code, xtools.code, own.stderr, xtools.stderr)
	}
	// The x/tools checker prints absolute file names; retrylint's output,
	// names relative to the working directory.
	a, b := sortedLines(own.stderr), sortedLines(strings.ReplaceAll(xtools.stderr, dir+string(filepath.Separator), ""))
	if !slices.Equal(a, b) {
		t.Errorf("the loaders disagree:\nretrylint's:\n%s\nx/tools':\n%s", strings.Join(a, "\n"), strings.Join(b, "\n"))
	}
}

func sortedLines(s string) []string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	slices.Sort(lines)
	return lines
}
