package goroot

import (
	"os"
	"path/filepath"
	"testing"
)

func TestContains(t *testing.T) {
	src := Src()
	if src == "" {
		t.Fatal("no GOROOT/src found")
	}
	if _, err := os.Stat(filepath.Join(src, "net", "http")); err != nil {
		t.Fatalf("GOROOT/src = %s has no net/http: %v", src, err)
	}
	wd, _ := os.Getwd()
	for path, want := range map[string]bool{
		filepath.Join(src, "net", "http", "client.go"): true,
		filepath.Join(src, "net"):                      true,
		src:                                            true,
		wd:                                             false,
		filepath.Dir(src):                              false,
		src + "x/y.go":                                 false, // a sibling whose name starts alike
		"":                                             false,
	} {
		if got := Contains(path); got != want {
			t.Errorf("Contains(%q) = %v, want %v", path, got, want)
		}
	}
}

func TestExternal(t *testing.T) {
	src := Src()
	wd, _ := os.Getwd()
	for _, c := range []struct {
		version, path string
		want          bool
	}{
		{"", filepath.Join(src, "net", "http"), true}, // the standard library
		{"v1.2.3", wd, true},                          // a module from the module cache
		{"", wd, false},                               // the main module, a workspace module
		{"", "", false},
	} {
		if got := External(c.version, c.path); got != c.want {
			t.Errorf("External(%q, %q) = %v, want %v", c.version, c.path, got, c.want)
		}
	}
}
