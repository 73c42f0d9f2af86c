// Package goroot says whether a file or directory belongs to the standard
// library, by its location under GOROOT/src.
//
// retrylint infers facts (retry wrappers, functions that retry) for the code it
// analyses and the modules it depends on, never for the standard library: the
// knowledge base describes the standard library, its internal retries sit below
// anything the analysed code controls, and skipping it is what lets both drivers
// load it from export data instead of source.
package goroot

import (
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
)

// Src is GOROOT/src, or "" when no Go installation can be found.
var Src = sync.OnceValue(func() string {
	root := runtime.GOROOT() // empty in a binary built with -trimpath
	if root == "" {
		if out, err := exec.Command("go", "env", "GOROOT").Output(); err == nil {
			root = strings.TrimSpace(string(out))
		}
	}
	if root == "" {
		return ""
	}
	return filepath.Join(filepath.Clean(root), "src")
})

// Contains reports whether path (a file or directory) lies in GOROOT/src.
func Contains(path string) bool {
	src := Src()
	if src == "" || path == "" {
		return false
	}
	rel, err := filepath.Rel(src, filepath.Clean(path))
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// External reports whether a package lies outside the analysed code: in a
// module with a version (the module cache) or in the standard library. path is
// one of its files or its directory. Every driver draws the facts boundary
// (retryscope.Origin) with this one rule.
func External(moduleVersion, path string) bool {
	return moduleVersion != "" || Contains(path)
}
