package rules

import (
	"strings"
	"testing"
)

// TestSyntaxErrorLine: a YAML syntax error names the line at fault, not the
// start of the construct yaml.v3 was parsing.
func TestSyntaxErrorLine(t *testing.T) {
	for src, want := range map[string]string{
		"rules:\n  - name: fixedsleep\n    enabled: false\n  bad: [\n": "f.yaml:4:",
		"rules:\n  - name: fixedsleep\n\tenabled: false\n":             "f.yaml:3:",
	} {
		_, err := Merge(Default(), "f.yaml", []byte(src))
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%q: %v, want %s...", src, err, want)
		}
	}
}
