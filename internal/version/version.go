// Package version says which build of retrylint is running, for `retrylint
// version`, SARIF's tool version and the golangci-lint plugin.
package version

import (
	"runtime/debug"
)

// Module is the module version `go install module@version` stamps into the
// binary. A build from a checkout is "(devel)" followed by the VCS revision
// and "+dirty" when the build recorded them (vcs.revision, vcs.modified),
// or by "no VCS info" when it did not (go run, -buildvcs=false, a build
// outside a repository): the binary cannot know more than its build info.
func Module() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "(unknown: no build info)"
	}
	return fromBuildInfo(info)
}

func fromBuildInfo(info *debug.BuildInfo) string {
	v := info.Main.Version
	if v != "" && v != "(devel)" {
		return v
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
	if rev == "" {
		return "(devel, no VCS info)"
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	return "(devel " + rev + dirty + ")"
}

// Semantic is Module when it is a release version (v1.2.3), else "".
func Semantic() string {
	v := Module()
	if len(v) > 1 && v[0] == 'v' {
		return v[1:]
	}
	return ""
}
