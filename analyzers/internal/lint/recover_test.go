package lint_test

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/retrylint/retrylint/analyzers/internal/lint"
	"github.com/retrylint/retrylint/analyzers/retryscope"
	"github.com/retrylint/retrylint/internal/rules"
)

// The drivers are tested as the binary runs them: the test binary re-executes
// itself as a multichecker (TestMain) on a module of two packages, a and b, where
// the analyzer panics on a and reports on b.

const driverEnv = "RETRYLINT_PANIC_DRIVER"

// boom panics on package a and reports every other package's first file.
func boom(name string, p *analysis.Pass) {
	if p.Pkg.Name() == "a" {
		var m map[string]int
		m["x"]++ // a nil map: a runtime error, as a real bug would be
	}
	p.Reportf(p.Files[0].Package, "%s saw package %s", name, p.Pkg.Name())
}

// raw is a plain analyzer: what the x/tools checker does with its panic.
var raw = &analysis.Analyzer{
	Name:       "raw",
	Doc:        "panics on package a",
	ResultType: reflect.TypeOf(struct{}{}),
	Run:        func(p *analysis.Pass) (any, error) { boom("raw", p); return struct{}{}, nil },
}

// rule is the same panic in a rule built by lint.New.
var rule = lint.New("retryall", "panics on package a", func(p *lint.Pass) error {
	boom("retryall", p.Pass)
	return nil
})

func TestMain(m *testing.M) {
	switch os.Getenv(driverEnv) {
	case "raw":
		multichecker.Main(raw)
	case "rule":
		multichecker.Main(rule)
	}
	os.Exit(m.Run())
}

func runDriver(t *testing.T, driver string) (string, int) {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"go.mod": "module example.com/m\n\ngo 1.22\n",
		"a/a.go": "package a\n\nfunc A() {}\n",
		"b/b.go": "package b\n\nimport _ \"example.com/m/a\"\n\nfunc B() {}\n",
	}
	for name, text := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), driverEnv+"="+driver)
	out, err := cmd.CombinedOutput()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return string(out), code
}

// TestCheckerCrashesOnPanic records what the x/tools checker does without the
// guard: the process dies (exit 2) and package b's finding is lost.
func TestCheckerCrashesOnPanic(t *testing.T) {
	out, code := runDriver(t, "raw")
	if code != 2 || !strings.Contains(out, "panic: assignment to entry in nil map") {
		t.Fatalf("exit %d, want 2 with a panic; output:\n%s", code, out)
	}
	if strings.Contains(out, "raw saw package b") {
		t.Errorf("package b was reported although the process crashed:\n%s", out)
	}
}

// TestRulePanicIsAnError: under lint.New the panic is an error for package a
// naming the rule and where it panicked, and package b is still analysed.
func TestRulePanicIsAnError(t *testing.T) {
	out, code := runDriver(t, "rule")
	if strings.Contains(out, "goroutine ") {
		t.Fatalf("the process crashed:\n%s", out)
	}
	want := "retrylint: retryall panicked at lint/recover_test.go:"
	if !strings.Contains(out, want) || !strings.Contains(out, "(package example.com/m/a): assignment to entry in nil map") {
		t.Errorf("output lacks %q for package a:\n%s", want, out)
	}
	if !strings.Contains(out, "retryall saw package b") {
		t.Errorf("package b was not analysed:\n%s", out)
	}
	if code != 1 {
		t.Errorf("exit %d, want 1 (an analysis failed)", code)
	}
}

// TestEngineFailure: when the engine panicked on a package, the first rule of
// the catalog reports its error, once, and no rule looks at the package.
func TestEngineFailure(t *testing.T) {
	failed := errors.New("retrylint: retryscope panicked at x.go:1 (package p): boom")
	pass := &analysis.Pass{ResultOf: map[*analysis.Analyzer]any{
		retryscope.Analyzer: &retryscope.Result{Err: failed},
	}}
	ran := false
	second := lint.New("fixedsleep", "doc", func(*lint.Pass) error { ran = true; return nil })
	if _, err := rule.Run(pass); err != failed {
		t.Errorf("first rule: err = %v, want the engine's", err)
	}
	if _, err := second.Run(pass); err != nil || ran {
		t.Errorf("other rule: err = %v, ran = %v; want nil, false", err, ran)
	}
}

// TestEngineFailureReporter: the engine's failure is reported by the first rule
// the driver runs, not by a switched-off one.
func TestEngineFailureReporter(t *testing.T) {
	defer lint.Select(nil)
	failed := errors.New("retrylint: retryscope panicked at x.go:1 (package p): boom")
	pass := &analysis.Pass{ResultOf: map[*analysis.Analyzer]any{
		retryscope.Analyzer: &retryscope.Result{Err: failed, Knowledge: rules.Default()},
	}}
	second := lint.New("fixedsleep", "doc", func(*lint.Pass) error { return nil })
	lint.Select([]string{"fixedsleep", "nojitter"})
	if _, err := rule.Run(pass); err != nil {
		t.Errorf("retryall, not selected: err = %v, want nil", err)
	}
	if _, err := second.Run(pass); err != failed {
		t.Errorf("fixedsleep, first selected: err = %v, want the engine's", err)
	}
}

// TestEngineFailureIndependent: a rule that does not read regions
// (httptimeout, checkpointorder) still runs on a package where the engine
// failed, and does not report the engine's failure.
func TestEngineFailureIndependent(t *testing.T) {
	failed := errors.New("retrylint: retryscope panicked at x.go:1 (package p): boom")
	pass := &analysis.Pass{ResultOf: map[*analysis.Analyzer]any{
		retryscope.Analyzer:       &retryscope.Result{Err: failed, Knowledge: rules.Default()},
		retryscope.ConfigAnalyzer: &retryscope.Config{Knowledge: rules.Default(), Ignores: &retryscope.Ignores{}},
	}}
	ran := false
	independent := lint.Independent("httptimeout", "doc", func(*lint.Pass) error { ran = true; return nil })
	pass.Analyzer = independent
	if _, err := independent.Run(pass); err != nil || !ran {
		t.Errorf("httptimeout: err = %v, ran = %v; want nil, true", err, ran)
	}
	if _, err := rule.Run(pass); err != failed {
		t.Errorf("first rule that reads regions: err = %v, want the engine's", err)
	}
}
