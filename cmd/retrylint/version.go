package main

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
)

// versionMain prints the module version of the binary and the Go toolchain that
// built it: `retrylint version`.
func versionMain(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		fmt.Fprintln(stderr, "usage: retrylint version")
		return 2
	}
	fmt.Fprintf(stdout, "retrylint %s %s %s/%s\n", moduleVersion(), runtime.Version(), runtime.GOOS, runtime.GOARCH)
	return 0
}

// moduleVersion is the version `go install module@version` stamps into the binary,
// "(devel)" for a build from a checkout, with the VCS revision when the build
// recorded one.
func moduleVersion() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "(unknown)"
	}
	v := info.Main.Version
	if v == "" {
		v = "(devel)"
	}
	var rev, dirty string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				dirty = "+dirty"
			}
		}
	}
	if rev != "" && v == "(devel)" {
		if len(rev) > 12 {
			rev = rev[:12]
		}
		v += " " + rev + dirty
	}
	return v
}
