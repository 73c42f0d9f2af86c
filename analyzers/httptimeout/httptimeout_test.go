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

// TestExamplePrograms: packages under a directory named for test or demo
// code (examples/, a command shop-demo-tor) are not checked, a main package
// or a library under examples/ alike; a main package elsewhere is, and so is
// one whose name only holds "test" inside a word (cmd/latest).
func TestExamplePrograms(t *testing.T) {
	dir, err := filepath.Abs("../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, httptimeout.Analyzer, "httptimeout/examples/...", "httptimeout/cmd/...", "httptimeout/contrib/...")
}

// TestRunByHand: a package main that runs one sequence of calls and exits
// (flags, calls, a loop that ends, workers it waits for) is a command a
// person watches, and is quiet; one that serves, polls forever, ranges over
// a ticker, blocks in select {}, handles signals, or hands over to its
// module's own code or a framework's Run stays reported, and so does a
// library with the one-shot code.
func TestRunByHand(t *testing.T) {
	dir, err := filepath.Abs("../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, httptimeout.Analyzer, "httptimeout/byhand/...")
}

// TestCrossPackageSends: a client handed to a function of another package
// that sends it only with requests built from a context with a deadline (the
// caller's, or its own) is quiet; one that sends without any is reported;
// a func value whose one function is unknown is out of reach.
func TestCrossPackageSends(t *testing.T) {
	dir, err := filepath.Abs("../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, httptimeout.Analyzer, "example.com/reqsend", "example.com/reqsenduse")
}
