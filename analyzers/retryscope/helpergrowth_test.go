package retryscope_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"
)

// TestHelperGrowth: the wait of a helper method that advances a field is read
// as growing (wait_helpergrowth.go).
func TestHelperGrowth(t *testing.T) {
	analysistest.Run(t, testdata(t), probe, "retryscope/helpergrowth")
}
