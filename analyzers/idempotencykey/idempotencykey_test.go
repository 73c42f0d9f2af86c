package idempotencykey_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/analyzers/idempotencykey"
)

func TestIdempotencyKey(t *testing.T) {
	dir, err := filepath.Abs("../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, idempotencykey.Analyzer, "idempotencykey")
}

// A token URL field listed in .retrylint.yaml (knowledge.token_url_fields)
// marks a token request beside the built-in golang.org/x/oauth2 ones.
func TestIdempotencyKeyUserTokenURLFields(t *testing.T) {
	dir, err := filepath.Abs("../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, idempotencykey.Analyzer, "idempotencykeyconfig/...")
}
