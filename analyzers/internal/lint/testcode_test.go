package lint_test

import (
	"testing"

	"github.com/retrylint/retrylint/analyzers/internal/lint"
)

// A kind of test suite joined to "test" or "tests" in one element is a test
// directory; a word that only ends in "test" or "tests" is not.
func TestTestHarnessSuiteWord(t *testing.T) {
	for path, want := range map[string]bool{
		"github.com/acme/fleet/integrationtests/cli/apply": true,
		"github.com/acme/fleet/integrationtests/utils":     true,
		"github.com/acme/shop/e2etests":                    true,
		"github.com/acme/shop/e2etest/framework":           true,
		"github.com/acme/shop/systemtests":                 true,
		"github.com/acme/shop/test/smoketests":             true,
		"github.com/acme/shop/acceptancetests/steps":       true,
		"github.com/acme/shop/cmd/loadtest":                true,
		"github.com/acme/shop/cmd/shop-loadtest":           true,
		"github.com/acme/shop/pkg/UpgradeTests":            true,
		"github.com/acme/shop/conformancetest_suite":       true,
		// Look-alikes: words ending in "test(s)" after no kind of test,
		// kinds of test not joined to "test", and "testing" (not a suite).
		"github.com/acme/shop/cmd/latest":         false,
		"github.com/acme/shop/contest":            false,
		"github.com/acme/shop/pkg/contests":       false,
		"github.com/acme/shop/pkg/attest":         false,
		"github.com/acme/shop/pkg/protest":        false,
		"github.com/acme/shop/pkg/greatest":       false,
		"github.com/acme/shop/deploy/manifests":   false,
		"github.com/acme/shop/pkg/requests":       false,
		"github.com/acme/shop/pkg/system":         false,
		"github.com/acme/shop/pkg/loadbalancer":   false,
		"github.com/acme/shop/pkg/smoketesting":   false,
		"github.com/acme/shop/pkg/testsystem":     false,
		"github.com/acme/shop/pkg/chaosmonkey":    false,
		"integrationtests.example.com/shop/store": false,
	} {
		if got := lint.TestHarness(path); got != want {
			t.Errorf("TestHarness(%q) = %v, want %v", path, got, want)
		}
	}
}

// A file that imports "testing" or a test framework is test support; one that
// imports a product library of the same owner, or a package whose path only
// begins like a framework's, is not.
func TestTestSupportImport(t *testing.T) {
	for path, want := range map[string]bool{
		"testing":                                 true,
		"github.com/onsi/ginkgo":                  true,
		"github.com/onsi/ginkgo/v2":               true,
		"github.com/onsi/ginkgo/extensions/table": true,
		"github.com/onsi/gomega":                  true,
		"github.com/onsi/gomega/gexec":            true,
		"github.com/stretchr/testify/assert":      true,
		"github.com/stretchr/testify/require":     true,
		"github.com/stretchr/testify/suite":       true,
		"github.com/stretchr/testify/mock":        true,
		"gotest.tools/v3/poll":                    true,
		"gopkg.in/check.v1":                       true,
		// Look-alikes.
		"testing/fstest":               false,
		"net/http/httptest":            false,
		"github.com/stretchr/objx":     false,
		"github.com/stretchr/testify":  false,
		"github.com/onsi/gomegax":      false,
		"github.com/onsi/ginkgolike":   false,
		"github.com/acme/shop/testing": false,
		"gotest.toolsmith/cmd":         false,
	} {
		if got := lint.TestSupportImport(path); got != want {
			t.Errorf("TestSupportImport(%q) = %v, want %v", path, got, want)
		}
	}
}
