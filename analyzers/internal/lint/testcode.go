package lint

import "strings"

// testSuiteKinds name the kinds of test suite that a directory joins to
// "test" or "tests" in one word: integrationtests, e2etest, smoketests,
// acceptancetests, loadtest. Such a directory holds a suite as much as
// integration/ or tests/ does. The kind must be one of these words: latest,
// contest, attest, protest and greatest end in "test" after a stem that
// names no kind of test.
var testSuiteKinds = map[string]bool{
	"integration": true, "e2e": true, "system": true, "smoke": true,
	"acceptance": true, "load": true, "unit": true, "functional": true,
	"regression": true, "conformance": true, "stress": true, "perf": true,
	"performance": true, "fuzz": true, "chaos": true, "soak": true,
	"sanity": true, "upgrade": true, "component": true,
}

// testSuiteWord reports whether a word of a path element is a kind of test
// suite followed by "test" or "tests".
func testSuiteWord(w string) bool {
	stem, ok := strings.CutSuffix(w, "tests")
	if !ok {
		stem, ok = strings.CutSuffix(w, "test")
	}
	return ok && testSuiteKinds[stem]
}

// testFrameworks are the import paths, with their subpackages, of test
// frameworks and of the libraries that start a test's dependencies
// (containers, a local API server): a file that imports one is test support
// as much as a file that imports "testing" (a suite's helpers call the
// framework's Eventually, Expect or require.NoError, or start the database
// the suite runs against). Each exists only for tests; net/http/httptest is
// left out, since product code records a handler's response with it.
var testFrameworks = []string{
	"github.com/onsi/ginkgo",
	"github.com/onsi/gomega",
	"github.com/stretchr/testify/assert",
	"github.com/stretchr/testify/require",
	"github.com/stretchr/testify/suite",
	"github.com/stretchr/testify/mock",
	"gotest.tools",
	"gopkg.in/check.v1",
	"github.com/testcontainers/testcontainers-go",
	"github.com/ory/dockertest",
	"sigs.k8s.io/controller-runtime/pkg/envtest",
}

// TestSupportImport reports whether a file that imports path is test
// support: path is "testing" or a package of a test framework.
func TestSupportImport(path string) bool {
	if path == "testing" {
		return true
	}
	for _, f := range testFrameworks {
		if path == f || strings.HasPrefix(path, f+"/") {
			return true
		}
	}
	return false
}
