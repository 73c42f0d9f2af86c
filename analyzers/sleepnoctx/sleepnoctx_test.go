package sleepnoctx_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/analyzers/sleepnoctx"
)

func TestSleepNoCtx(t *testing.T) {
	dir, err := filepath.Abs("../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.RunWithSuggestedFixes(t, dir, sleepnoctx.Analyzer, "sleepnoctx")
}

// TestNoContextInProgram: a program whose waits no context could reach.
func TestNoContextInProgram(t *testing.T) {
	dir, err := filepath.Abs("../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, sleepnoctx.Analyzer, "sleepnoctx/nocontext")
}
