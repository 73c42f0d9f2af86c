package retryscope

import (
	"go/types"
	"testing"
)

func TestCommandPackage(t *testing.T) {
	for _, c := range []struct {
		path, name string
		want       bool
	}{
		{"example.com/tool", "main", true},
		{"example.com/mod/cmd/tool", "tool", true},
		{"example.com/mod/cmd/tool/internal/join", "join", true},
		{"example.com/mod/cmd", "cmd", true},
		{"example.com/mod/cmdline", "cmdline", false},
		{"example.com/mod/internal/command", "command", false},
		{"example.com/mod/client", "client", false},
	} {
		if got := CommandPackage(types.NewPackage(c.path, c.name)); got != c.want {
			t.Errorf("CommandPackage(%s, package %s) = %v, want %v", c.path, c.name, got, c.want)
		}
	}
}
