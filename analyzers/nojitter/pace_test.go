package nojitter_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/analyzers/nojitter"
)

// Backoffs without jitter that pace one process (an owner's loop, a command's
// retry) beside the same backoffs where callers may be many.
func TestNoJitterOneProcess(t *testing.T) {
	dir, err := filepath.Abs("../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, nojitter.Analyzer, "nojitter/pace", "nojitter/pace/cmd/tool", "nojitter/pace/daemon")
}
