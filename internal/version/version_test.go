package version

import (
	"runtime/debug"
	"testing"
)

func TestFromBuildInfo(t *testing.T) {
	set := func(kv ...string) []debug.BuildSetting {
		var out []debug.BuildSetting
		for i := 0; i < len(kv); i += 2 {
			out = append(out, debug.BuildSetting{Key: kv[i], Value: kv[i+1]})
		}
		return out
	}
	for _, c := range []struct {
		version  string
		settings []debug.BuildSetting
		want     string
	}{
		{"v1.2.3", nil, "v1.2.3"},
		{"(devel)", nil, "(devel, no VCS info)"},
		{"", nil, "(devel, no VCS info)"},
		{"(devel)", set("vcs.revision", "0123456789abcdef0123", "vcs.modified", "false"), "(devel 0123456789ab)"},
		{"(devel)", set("vcs.revision", "0123456789abcdef0123", "vcs.modified", "true"), "(devel 0123456789ab+dirty)"},
	} {
		info := &debug.BuildInfo{Main: debug.Module{Version: c.version}, Settings: c.settings}
		if got := fromBuildInfo(info); got != c.want {
			t.Errorf("%q %v: got %q, want %q", c.version, c.settings, got, c.want)
		}
	}
}
