package main

import (
	"fmt"
	"io"
	"runtime"

	"github.com/retrylint/retrylint/internal/version"
)

// versionMain prints the module version of the binary and the Go toolchain that
// built it: `retrylint version`.
func versionMain(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		fmt.Fprintln(stderr, "usage: retrylint version")
		return 2
	}
	fmt.Fprintf(stdout, "retrylint %s %s %s/%s\n", version.Module(), runtime.Version(), runtime.GOOS, runtime.GOARCH)
	return 0
}
