package main

import (
	"strings"
	"testing"
)

// TestNothingOfModuleAnalysed: when the problems keep out every requested
// package of a module, one line more says that nothing of it was analysed;
// exit 2. With one package of it analysed (and reported), no such line.
func TestNothingOfModuleAnalysed(t *testing.T) {
	t.Parallel()
	files := map[string]string{
		"svc/svc.go": "package svc\n\nfunc F() int { return \"x\" }\n",
		"api/api.go": "package api\n\nimport \"example.com/tmp/svc\"\n\nvar X = svc.F()\n",
	}
	r := retrylint(t, writeModule(t, files), "./...")
	lines := retrylintLines(r.stderr)
	want := "retrylint: nothing of module example.com/tmp was analysed: the problems above keep out all 2 of its requested packages"
	if r.code != 2 || len(lines) != 2 || lines[1] != want {
		t.Fatalf("exit %d, want 2 and the line %q after the problem\n%s", r.code, want, r.stderr)
	}
	files["x/x.go"] = retryLoop
	r = retrylint(t, writeModule(t, files), "./...")
	if r.code != 2 || strings.Contains(r.stderr, "nothing of module") || !strings.Contains(r.stderr, "retry loop") {
		t.Errorf("with x analysed: exit %d, want 2, x's finding and no line saying nothing was analysed\n%s", r.code, r.stderr)
	}
}
