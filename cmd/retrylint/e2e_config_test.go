package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// blindSleepFixture retries without looking at the error (retryall) and sleeps
// without watching its context (sleepnoctx).
const blindSleepFixture = `package svc

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

var db *sql.DB

func call(ctx context.Context) error { _, err := db.ExecContext(ctx, "UPDATE jobs SET done = true"); return err }

// Fetch calls call until it succeeds, at most twelve times.
func Fetch(ctx context.Context) error {
	for attempt := 0; attempt < 12; attempt++ {
		if err := call(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Duration(attempt+1) * 5 * time.Second)
	}
	return errors.New("gave up")
}
`

// disableSleepNoCtx is a rules file that turns sleepnoctx off.
const disableSleepNoCtx = "rules:\n  - name: sleepnoctx\n    enabled: false\n"

// configLine is the one line a configuration error must print.
var configLine = regexp.MustCompile(`^retrylint: \S+\.ya?ml:\d+: \S.*$`)

// wantConfigError checks exit 2 and exactly one `retrylint: file:line: message`.
func wantConfigError(t *testing.T, what string, r result, file string) {
	t.Helper()
	msg := strings.TrimRight(r.stderr, "\n")
	if r.code != 2 || strings.Contains(msg, "\n") || !configLine.MatchString(msg) {
		t.Fatalf("%s: exit %d, stderr:\n%s\nwant exit 2 and one line `retrylint: file:line: message`", what, r.code, r.stderr)
	}
	if !strings.Contains(msg, file) {
		t.Errorf("%s: the error does not name %s: %s", what, file, msg)
	}
}

func TestConfigErrors(t *testing.T) {
	for _, tc := range []struct {
		name, yaml, mention string
	}{
		{"bad severity", "rules:\n  - name: retryall\n    severity: loud\n", "loud"},
		{"unknown rule", "rules:\n  - name: nosuchrule\n    enabled: false\n", "nosuchrule"},
		{"unknown key", "rules:\n  - name: retryall\n    enable: false\n", "enable"},
		{"yaml syntax", "rules:\n  - name: [retryall\n", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := writeModule(t, map[string]string{
				"svc/svc.go":      blindSleepFixture,
				".retrylint.yaml": tc.yaml,
				"bad.yaml":        tc.yaml,
			})
			r := retrylint(t, dir, "./...")
			wantConfigError(t, "discovered .retrylint.yaml", r, ".retrylint.yaml:")
			if !strings.Contains(r.stderr, tc.mention) {
				t.Errorf("the error does not mention %q: %s", tc.mention, r.stderr)
			}
			r = retrylint(t, filepath.Join(dir, "svc"), "-config", "../bad.yaml", "./...")
			wantConfigError(t, "-config ../bad.yaml", r, "bad.yaml:")
			r = retrylint(t, dir, "rules", "-config", "bad.yaml")
			wantConfigError(t, "rules -config bad.yaml", r, "bad.yaml:")
		})
	}
}

// TestConfigMissingFile: a -config naming no file is an error, not a silent default.
func TestConfigMissingFile(t *testing.T) {
	dir := writeModule(t, map[string]string{"svc/svc.go": blindSleepFixture})
	r := retrylint(t, dir, "-config", "nope.yaml", "./...")
	if r.code != 2 || !strings.Contains(r.stderr, "nope.yaml") || strings.Count(strings.TrimSpace(r.stderr), "\n") > 0 {
		t.Fatalf("-config nope.yaml: exit %d, want 2 and one line naming the file:\n%s", r.code, r.stderr)
	}
}

// TestRuleSwitches: a config disabling a rule, and -RULE=false, silence it in both
// surfaces; the other rule still reports.
func TestRuleSwitches(t *testing.T) {
	t.Parallel()
	dir := writeModule(t, map[string]string{
		"svc/svc.go": blindSleepFixture,
		"off.yaml":   disableSleepNoCtx,
	})
	both := reported(t, retrylint(t, dir, "-json", "./...").stdout)
	if both["retryall"] != 1 || both["sleepnoctx"] != 1 {
		t.Fatalf("the fixture should give one retryall and one sleepnoctx finding, got %v", both)
	}
	abs := filepath.Join(dir, "off.yaml")
	for _, tc := range []struct {
		name string
		vet  bool
		args []string
	}{
		{"standalone -config", false, []string{"-config", abs}},
		{"standalone -sleepnoctx=false", false, []string{"-sleepnoctx=false"}},
		{"vet -config absolute", true, []string{"-config=" + abs}},
		{"vet -config relative", true, []string{"-config=off.yaml"}},
		{"vet -sleepnoctx=false", true, []string{"-sleepnoctx=false"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := append(append([]string{"-json"}, tc.args...), "./...")
			var got map[string]int
			if tc.vet {
				r := goVet(t, dir, args...)
				if r.code != 0 {
					t.Fatalf("go vet: exit %d\n%s", r.code, r.stderr)
				}
				got = reported(t, vetJSON(r))
			} else {
				got = reported(t, retrylint(t, dir, args...).stdout)
			}
			if got["retryall"] != 1 || got["sleepnoctx"] != 0 {
				t.Fatalf("want retryall only, got %v", got)
			}
		})
	}
}

// TestVetDiscoversConfig: under go vet, a .retrylint.yaml at the module root
// applies to packages below it.
func TestVetDiscoversConfig(t *testing.T) {
	t.Parallel()
	dir := writeModule(t, map[string]string{
		"svc/svc.go":      blindSleepFixture,
		".retrylint.yaml": disableSleepNoCtx,
	})
	r := goVet(t, dir, "-json", "./...")
	if got := reported(t, vetJSON(r)); got["retryall"] != 1 || got["sleepnoctx"] != 0 {
		t.Fatalf("want retryall only, got %v\n%s", got, r.stderr)
	}
}

// TestVetSeesConfigEdits: go vet's cache is keyed by the tool's -V=full ID, which
// hashes the .retrylint.yaml files in reach: an edit takes effect without -a.
func TestVetSeesConfigEdits(t *testing.T) {
	t.Parallel()
	dir := writeModule(t, map[string]string{
		"svc/svc.go":      blindSleepFixture,
		".retrylint.yaml": disableSleepNoCtx,
	})
	if got := reported(t, vetJSON(goVet(t, dir, "-json", "./..."))); got["sleepnoctx"] != 0 {
		t.Fatalf("with sleepnoctx disabled: got %v", got)
	}
	if err := os.WriteFile(filepath.Join(dir, ".retrylint.yaml"), []byte("rules: []\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := goVet(t, dir, "-json", "./...")
	if got := reported(t, vetJSON(r)); got["sleepnoctx"] != 1 {
		t.Fatalf("after enabling sleepnoctx again: got %v (a stale cached result?)\n%s", got, r.stderr)
	}
}
