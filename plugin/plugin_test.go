package plugin_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/analyzers"
	"github.com/retrylint/retrylint/internal/message"
	"github.com/retrylint/retrylint/plugin"
)

// newPlugin builds the plugin the way golangci-lint does, through the registry,
// and restores the default configuration when the test ends.
func newPlugin(t *testing.T, settings any) (register.LinterPlugin, error) {
	t.Helper()
	t.Cleanup(func() {
		if _, err := plugin.New(nil); err != nil {
			t.Errorf("resetting the plugin: %v", err)
		}
	})
	newFn, err := register.GetPlugin(plugin.Name)
	if err != nil {
		t.Fatal(err)
	}
	return newFn(settings)
}

func mustPlugin(t *testing.T, settings any) register.LinterPlugin {
	t.Helper()
	p, err := newPlugin(t, settings)
	if err != nil {
		t.Fatalf("settings %v: %v", settings, err)
	}
	return p
}

func analyzersOf(t *testing.T, p register.LinterPlugin) []*analysis.Analyzer {
	t.Helper()
	as, err := p.BuildAnalyzers()
	if err != nil {
		t.Fatal(err)
	}
	// The last one only keys golangci-lint's cache (TestConfigKey).
	if n := len(as); n == 0 || !strings.HasPrefix(as[n-1].Name, "retrylintconfig_") {
		t.Fatalf("BuildAnalyzers() = %v: no config key analyzer at the end", names(as))
	}
	return as[:len(as)-1]
}

// TestConfigKey: golangci-lint keys its result cache by the analyzers' names,
// so the plugin's names change when a rules file does, and a rules file that
// does not validate fails the run instead of replaying a clean result.
func TestConfigKey(t *testing.T) {
	key := func() (string, error) {
		as, err := mustPlugin(t, nil).BuildAnalyzers()
		if err != nil {
			return "", err
		}
		return as[len(as)-1].Name, nil
	}
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/m\n"), 0o644)
	t.Chdir(dir)
	k0, err := key()
	if err != nil {
		t.Fatal(err)
	}
	write := func(s string) {
		if err := os.WriteFile(filepath.Join(dir, "sub", ".retrylint.yaml"), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	os.Mkdir(filepath.Join(dir, "sub"), 0o755)
	write("rules:\n  - name: nojitter\n    enabled: false\n")
	k1, err := key()
	if err != nil || k1 == k0 {
		t.Errorf("after adding sub/.retrylint.yaml: key %q (was %q), err %v", k1, k0, err)
	}
	write("rules:\n  - name: nojitter\n    enabled: maybe\n")
	if _, err := key(); err == nil || !strings.Contains(err.Error(), ".retrylint.yaml:3") {
		t.Errorf("broken sub/.retrylint.yaml: err %v, want file:line", err)
	}
}

func names(as []*analysis.Analyzer) []string {
	var out []string
	for _, a := range as {
		out = append(out, a.Name)
	}
	return out
}

func byName(t *testing.T, p register.LinterPlugin, name string) *analysis.Analyzer {
	t.Helper()
	for _, a := range analyzersOf(t, p) {
		if a.Name == name {
			return a
		}
	}
	t.Fatalf("the plugin has no analyzer %q", name)
	return nil
}

func TestRegistered(t *testing.T) {
	p := mustPlugin(t, nil)
	if got, want := names(analyzersOf(t, p)), names(analyzers.All()); !slices.Equal(got, want) {
		t.Errorf("BuildAnalyzers() = %v, want the whole suite %v", got, want)
	}
	if got := p.GetLoadMode(); got != register.LoadModeTypesInfo {
		t.Errorf("GetLoadMode() = %q, want %q", got, register.LoadModeTypesInfo)
	}
	if p := mustPlugin(t, map[string]any{}); len(analyzersOf(t, p)) != len(analyzers.All()) {
		t.Errorf("empty settings do not run the whole suite")
	}
}

// TestRules runs every analyzer the plugin hands out over its package in
// testdata/src/<rule>, where there is one.
func TestRules(t *testing.T) {
	p := mustPlugin(t, nil)
	ran := 0
	for _, a := range analyzersOf(t, p) {
		if _, err := os.Stat(filepath.Join(analysistest.TestData(), "src", a.Name)); err != nil {
			t.Logf("%s: no plugin test package", a.Name)
			continue
		}
		t.Run(a.Name, func(t *testing.T) {
			analysistest.Run(t, analysistest.TestData(), a, a.Name)
		})
		ran++
	}
	if ran == 0 {
		t.Fatal("no analyzer of the plugin was run on test data")
	}
}

func TestEnableDisable(t *testing.T) {
	all := names(analyzers.All())
	if len(all) < 2 {
		t.Skip("needs two rules")
	}
	first, second := all[0], all[1]

	got := names(analyzersOf(t, mustPlugin(t, map[string]any{"enable": []any{second}})))
	if !slices.Equal(got, []string{second}) {
		t.Errorf("enable [%s]: analyzers %v", second, got)
	}
	got = names(analyzersOf(t, mustPlugin(t, map[string]any{"disable": []any{first}})))
	if slices.Contains(got, first) || len(got) != len(all)-1 {
		t.Errorf("disable [%s]: analyzers %v", first, got)
	}
	got = names(analyzersOf(t, mustPlugin(t, map[string]any{
		"enable": []any{first, second}, "disable": []any{},
	})))
	if !slices.Equal(got, []string{first, second}) {
		t.Errorf("enable [%s %s]: analyzers %v", first, second, got)
	}
}

// recorder is an analysistest.Testing that keeps the errors instead of failing.
type recorder struct{ errs []string }

func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}

// mustFail runs analysistest and checks that it complains with want.
func mustFail(t *testing.T, a *analysis.Analyzer, pkg, want string) {
	t.Helper()
	r := &recorder{}
	analysistest.Run(r, analysistest.TestData(), a, pkg)
	for _, e := range r.errs {
		if strings.Contains(e, want) {
			return
		}
	}
	t.Errorf("analysistest on %s: want an error containing %q, got %q", pkg, want, r.errs)
}

func TestConfigFile(t *testing.T) {
	config := filepath.Join("testdata", "config", "no-retryall.yaml")

	p := mustPlugin(t, map[string]any{"config": config})
	mustFail(t, byName(t, p, "retryall"), "retryall", "no diagnostic was reported")

	// enable outranks the rules file.
	p = mustPlugin(t, map[string]any{"config": config, "enable": []any{"retryall"}})
	analysistest.Run(t, analysistest.TestData(), byName(t, p, "retryall"), "retryall")
}

func TestKnowledgeAdditions(t *testing.T) {
	p := mustPlugin(t, nil)
	mustFail(t, byName(t, p, "retryall"), "classify", "unexpected diagnostic")

	p = mustPlugin(t, map[string]any{"classifiers": []any{"classify.permanent"}})
	analysistest.Run(t, analysistest.TestData(), byName(t, p, "retryall"), "classify")
}

// TestNoRelatedInformation: golangci-lint turns a finding's related places
// into issues of their own, so the plugin reports none.
func TestNoRelatedInformation(t *testing.T) {
	saved := message.Related
	t.Cleanup(func() { message.Related = saved })
	message.Related = true
	mustPlugin(t, nil)
	if message.Related {
		t.Error("the plugin left related information on: golangci-lint would print each as an extra issue")
	}
}
