package retryall_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/analyzers/retryall"
)

func TestRetryAll(t *testing.T) {
	dir, err := filepath.Abs("../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, retryall.Analyzer, "retryall", "retryall/suite", "retryall/test/e2e", "retryall/contest", "retryall/cmd/shop-upgrade-tests", "retryall/cmd/agent", "retryall/attestation", "retryall/verdictiface", "retryall/verdictiface/mail", "retryall/stoptype/util", "retryall/stoptype")
}
