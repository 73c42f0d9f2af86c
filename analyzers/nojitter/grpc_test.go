package nojitter_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/analyzers/nojitter"
)

// Client retry configurations: gRPC service configs and retry interceptors.
func TestNoJitterClientRetries(t *testing.T) {
	dir, err := filepath.Abs("../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, nojitter.Analyzer, "nojitter/grpc")
}
