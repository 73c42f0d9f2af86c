package checklist

import (
	"strings"
	"testing"
)

// TestOffRulesLeaveReview: with the catalog's defaults, an item whose rules
// are all off by default is a review item that lists the regions to judge by
// hand; it neither fails on their findings nor passes.
func TestOffRulesLeaveReview(t *testing.T) {
	dir := prRepo(t, map[string]string{".retrylint.yaml": "rules: []\n"})
	code, out, stderr := runCmd(t, dir, "-base", "HEAD~1", "-format", "text")
	if code == exitUsage {
		t.Fatalf("exit %d:\n%s", code, stderr)
	}
	if strings.Contains(out, "[retryall]") || strings.Contains(out, "[fixedsleep]") {
		t.Errorf("a rule that is off reported a finding:\n%s", out)
	}
	for _, want := range []string{"not verified: retryall is disabled", "svc/svc.go:11: retry region: retry loop"} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q:\n%s", want, out)
		}
	}
}
