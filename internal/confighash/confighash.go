// Package confighash finds the rules files that can apply to a run and hashes
// them, for the drivers whose result caches do not see them: go vet keys its
// cache with the tool's ID (`retrylint -V=full`), golangci-lint with the names
// of the analyzers a plugin returns. Folding these files into that key makes
// an edit of .retrylint.yaml take effect on the next run.
package confighash

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/retrylint/retrylint/internal/rules"
)

// Files lists the .retrylint.yaml files that can apply to a package in or
// below dir, in a fixed order: the one rules.Find locates from dir (in it or
// above it, up to the module root), then those in dir's tree, skipping
// hidden directories, vendor, testdata and node_modules, as the go command
// does for ./... patterns.
func Files(dir string) []string {
	var out []string
	if f, err := rules.Find(dir); err == nil && f != "" {
		out = append(out, f)
	}
	root, err := filepath.Abs(dir)
	if err != nil {
		return out
	}
	filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			name := d.Name()
			if path != root && (strings.HasPrefix(name, ".") || name == "vendor" || name == "testdata" || name == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		if d.Name() == rules.FileName && (len(out) == 0 || out[0] != path) {
			out = append(out, path)
		}
		return nil
	})
	return out
}

// Write writes the names and contents of files to h; a file that cannot be
// read counts by its name alone.
func Write(h io.Writer, files []string) {
	for _, f := range files {
		fmt.Fprintf(h, "\x00%s\x00", f)
		if r, err := os.Open(f); err == nil {
			io.Copy(h, r)
			r.Close()
		}
	}
}

// Sum is the hex SHA-256 of Write(files).
func Sum(files []string) string {
	h := sha256.New()
	Write(h, files)
	return hex.EncodeToString(h.Sum(nil))
}

// Check loads every file and returns the first error (file:line: message).
func Check(files []string) error {
	for _, f := range files {
		if _, err := rules.Load(f); err != nil {
			return err
		}
	}
	return nil
}
