package fixedsleep_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/analyzers/fixedsleep"
)

// A test companion's readiness wait (storetest/server) beside the same wait
// in a package whose name only ends in "test" (latest).
func TestFixedSleepTestCompanion(t *testing.T) {
	dir, err := filepath.Abs("../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, fixedsleep.Analyzer, "fixedsleep/storetest/server", "fixedsleep/latest")
}
