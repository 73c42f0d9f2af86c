package checklist

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

func TestMain(m *testing.M) {
	// Every git call of the tests and of the code under test sees the same,
	// neutral configuration; fixture hashes are then stable.
	for _, kv := range gitEnv {
		k, v, _ := strings.Cut(kv, "=")
		os.Setenv(k, v)
	}
	os.Setenv("NO_COLOR", "1")
	code := m.Run()
	if shared.dir != "" {
		os.RemoveAll(shared.root)
	}
	os.Exit(code)
}

// shared is the fixture and its report, built once: loading net/http and
// database/sql from source for the analysis is the slow part of the tests.
var shared struct {
	once      sync.Once
	root, dir string
	rep       *Report
	stderr    string
	err       error
}

func fixtureReport(t *testing.T) (dir string, rep *Report, stderr string) {
	t.Helper()
	shared.once.Do(func() {
		shared.root, shared.err = os.MkdirTemp("", "retrylint-checklist-")
		if shared.err != nil {
			return
		}
		shared.dir = buildFixtureIn(t, shared.root)
		var errb bytes.Buffer
		shared.rep, shared.err = Build(&Options{Base: "HEAD~1", Dir: shared.dir, Format: "text", FailOn: "fail"}, &errb)
		shared.stderr = errb.String()
	})
	if shared.err != nil {
		t.Fatal(shared.err)
	}
	return shared.dir, shared.rep, shared.stderr
}

// buildFixtureIn is buildFixture in a directory that outlives the test.
func buildFixtureIn(t *testing.T, root string) string {
	dir := filepath.Join(root, "repo")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	makeFixture(t, dir)
	return dir
}

var goldenFormats = map[string]string{
	"markdown": "golden.md",
	"text":     "golden.txt",
	"json":     "golden.json",
	"sarif":    "golden.sarif",
	"github":   "golden.github",
}

func TestGolden(t *testing.T) {
	_, rep, _ := fixtureReport(t)
	for format, file := range goldenFormats {
		t.Run(format, func(t *testing.T) {
			var buf bytes.Buffer
			if err := renderers[format](&buf, rep, false); err != nil {
				t.Fatal(err)
			}
			checkGolden(t, filepath.Join("testdata", file), buf.Bytes())
		})
	}
}

func checkGolden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./checklist/ -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the output (go test ./checklist/ -update rewrites it):\n%s", path, firstDiff(string(want), string(got)))
	}
}

// firstDiff shows the first differing line, enough to see what moved.
func firstDiff(want, got string) string {
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < max(len(wl), len(gl)); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return "line " + strconv.Itoa(i+1) + ":\n  want: " + w + "\n  got:  " + g
		}
	}
	return "(same lines, different bytes)"
}
