package httptimeout_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/analyzers/httptimeout"
)

func TestHTTPTimeout(t *testing.T) {
	dir, err := filepath.Abs("../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, httptimeout.Analyzer, "httptimeout")
}

// TestConfig runs on a package with a .retrylint.yaml: exempt packages and
// constructors, and test files included.
func TestConfig(t *testing.T) {
	dir, err := filepath.Abs("../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, httptimeout.Analyzer, "httptimeoutconfig/...")
}

// TestCrossPackageFallback: a nil fallback on an exported field of an
// exported struct is its builder's choice and is quiet; the package's own
// literal that leaves the field out and sends is reported.
func TestCrossPackageFallback(t *testing.T) {
	dir, err := filepath.Abs("../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, httptimeout.Analyzer, "example.com/n5rest", "example.com/n5admin")
}

// TestExamplePrograms: a main package in an examples directory is not
// checked; a library package there, and a main package elsewhere, are.
func TestExamplePrograms(t *testing.T) {
	dir, err := filepath.Abs("../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, httptimeout.Analyzer, "httptimeout/examples/...", "httptimeout/cmd/...")
}
