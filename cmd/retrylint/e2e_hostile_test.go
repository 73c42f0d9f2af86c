package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// hostileSrc puts a raw string literal holding a line break, a workflow
// command, an ESC sequence and a bidi override into a retry's sleep, whose
// duration the fixedsleep message quotes; and a directive naming no rule.
const hostileSrc = "package svc\n\nimport (\n\t\"net/http\"\n\t\"time\"\n)\n\n" +
	"// Get retries with a fixed sleep.\nfunc Get(url string) (*http.Response, error) {\n" +
	"\tvar err error\n\tfor i := 0; i < 10; i++ {\n\t\tvar resp *http.Response\n" +
	"\t\tif resp, err = http.Get(url); err == nil {\n\t\t\treturn resp, nil\n\t\t}\n" +
	"\t\ttime.Sleep(time.Duration(len(`1s\x1b[31m\u202e\n::error::pwned`)))\n" +
	"\t}\n\treturn nil, err\n}\n\n" +
	"// Put is quiet.\nfunc Put() {} //retrylint:ignore <img because\n"

// badText is what must never reach an output line from the analysed code.
var badText = regexp.MustCompile("(?m)^::|\x1b|\u202e")

func hostileModule(t *testing.T) string {
	return writeModule(t, map[string]string{"svc/svc.go": hostileSrc})
}

// TestHostileLiteral: code text reaches no surface raw (standalone plain and
// JSON, go vet plain and JSON), and every plain line names its rule.
func TestHostileLiteral(t *testing.T) {
	dir := hostileModule(t)
	plain := retrylint(t, dir, "./...")
	vet := goVet(t, dir, "./...")
	for name, r := range map[string]result{"standalone": plain, "vet": vet} {
		out := r.stdout + r.stderr
		if badText.MatchString(out) {
			t.Errorf("%s: raw code text in the output:\n%q", name, out)
		}
		if !strings.Contains(out, `\u001B[31m\u202E\n::error::pwned`) {
			t.Errorf("%s: the literal is not shown escaped:\n%s", name, out)
		}
		checkRuleNamed(t, name, out)
	}
	for _, r := range []result{retrylint(t, dir, "-json", "./..."), goVet(t, dir, "-json", "./...")} {
		out := vetJSON(r) + r.stderr
		if badText.MatchString(out) || !strings.Contains(out, `::error::pwned`) {
			t.Errorf("json: literal not escaped, or missing:\n%s", out)
		}
		var tree map[string]map[string]json.RawMessage
		if err := json.Unmarshal([]byte(vetJSON(r)), &tree); err != nil {
			t.Errorf("json: %v\n%s", err, vetJSON(r))
		}
	}
}

// checkRuleNamed: every finding line ends with the rule (or the directive
// category) in parentheses, positions are relative, lines are sorted.
func checkRuleNamed(t *testing.T, surface, out string) {
	t.Helper()
	line := regexp.MustCompile(`^(svc/svc\.go):(\d+):(\d+): .* \(([a-z-]+)\)$`)
	n := 0
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		if strings.HasPrefix(l, "#") {
			continue
		}
		if !line.MatchString(l) {
			t.Errorf("%s: line without a relative position and a rule name: %q", surface, l)
		}
		n++
	}
	if n < 3 {
		t.Errorf("%s: %d findings, want at least 3:\n%s", surface, n, out)
	}
	if !regexp.MustCompile(`unknown rule "<img" .*\(retrylint-directive\)`).MatchString(out) {
		t.Errorf("%s: the directive problem is not filed under retrylint-directive:\n%s", surface, out)
	}
}

// TestStandaloneSorted: standalone output is sorted by file and line.
func TestStandaloneSorted(t *testing.T) {
	dir := hostileModule(t)
	os.WriteFile(filepath.Join(dir, "svc", "a.go"), []byte("package svc\n\nimport \"net/http\"\n\nvar C = &http.Client{}\n"), 0o644)
	r := retrylint(t, dir, "./...")
	lines := strings.Split(strings.TrimSpace(r.stderr), "\n")
	if !strings.HasPrefix(lines[0], "svc/a.go:") {
		t.Errorf("not sorted by file:\n%s", r.stderr)
	}
}

// TestVetBrokenConfigTwice: a broken .retrylint.yaml fails go vet with its
// file:line: message, and fails it again on the next run (go vet caches
// a clean result, never a failure).
func TestVetBrokenConfigTwice(t *testing.T) {
	dir := hostileModule(t)
	os.WriteFile(filepath.Join(dir, ".retrylint.yaml"), []byte("rules:\n  - name: fixedsleep\n    enabled: maybe\n"), 0o644)
	for i := 1; i <= 2; i++ {
		r := goVet(t, dir, "./...")
		if r.code == 0 || !strings.Contains(r.stderr, ".retrylint.yaml:3: rules[0].enabled") {
			t.Errorf("run %d: exit %d, stderr:\n%s", i, r.code, r.stderr)
		}
	}
	r := goVet(t, dir, "-config=nosuch.yaml", "./...")
	if r.code == 0 || !strings.Contains(r.stderr, "-config nosuch.yaml: no such file") || strings.Contains(r.stderr, "svc/nosuch.yaml") {
		t.Errorf("-config=nosuch.yaml: exit %d, stderr:\n%s", r.code, r.stderr)
	}
}

// TestUnknownFlag: one line, with the closest flag.
func TestUnknownFlag(t *testing.T) {
	r := retrylint(t, t.TempDir(), "-jsno", "./...")
	if r.code != 2 || strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, "did you mean -json?") {
		t.Errorf("exit %d, stderr:\n%s", r.code, r.stderr)
	}
}
