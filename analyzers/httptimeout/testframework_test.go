package httptimeout_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/analyzers/httptimeout"
)

// A file that imports a test framework (gomega, testify's require) is test
// support; a file of the same package that imports none is product code.
func TestTestFrameworkFiles(t *testing.T) {
	dir, err := filepath.Abs("../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, httptimeout.Analyzer, "httptimeout/suitehelp")
}
