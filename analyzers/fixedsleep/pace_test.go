package fixedsleep_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/analyzers/fixedsleep"
)

// Constant waits that pace one process (an owner's loop, a command's retry)
// beside the same waits where callers may be many.
func TestFixedSleepOneProcess(t *testing.T) {
	dir, err := filepath.Abs("../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, fixedsleep.Analyzer, "fixedsleep/pace", "fixedsleep/pace/cmd/tool", "fixedsleep/pace/daemon")
}
