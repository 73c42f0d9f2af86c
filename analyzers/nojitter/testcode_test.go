package nojitter_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/analyzers/nojitter"
)

// A backoff without jitter in a suite's helper under integrationtests is a
// test's; the same backoff in a package named contests is the product's.
func TestNoJitterTestSuiteDir(t *testing.T) {
	dir, err := filepath.Abs("../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, nojitter.Analyzer, "nojitter/integrationtests/registry", "nojitter/contests")
}
