package checklist

import (
	"bytes"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// scope is the change under review: the diff's files and, for the Go files
// that will be analysed, their changed lines.
type scope struct {
	// root is the directory the diff's paths are relative to (the repository's
	// top level, or the working directory outside git), symlinks resolved.
	root   string
	report Scope
	// changed maps the absolute path of each analysable Go file to its
	// changed lines; index points into report.Files.
	changed map[string][]LineRange
	index   map[string]int
}

// loadScope reads the change from git or from the -diff file.
func loadScope(opts *Options) (*scope, error) {
	var text string
	sc := &scope{}
	if opts.Base != "" {
		top, err := gitTop(opts.Dir)
		if err != nil {
			return nil, err
		}
		mb, err := mergeBase(top, opts.Base)
		if err != nil {
			return nil, err
		}
		if text, err = gitDiff(top, mb); err != nil {
			return nil, err
		}
		sc.root = top
		sc.report.Base, sc.report.MergeBase = opts.Base, mb
	} else {
		b, err := readDiff(opts)
		if err != nil {
			return nil, err
		}
		text = string(b)
		sc.root = opts.Dir
		if top, err := gitTop(opts.Dir); err == nil {
			sc.root = top
		}
		sc.report.Diff = filepath.ToSlash(opts.DiffFile)
	}
	files, err := ParseDiff(strings.NewReader(text))
	if err != nil {
		return nil, fmt.Errorf("malformed diff: %v; pass a unified diff (git diff or diff -u)", err)
	}
	if real, err := filepath.EvalSymlinks(sc.root); err == nil {
		sc.root = real
	}
	sc.classify(files)
	return sc, nil
}

func readDiff(opts *Options) ([]byte, error) {
	if opts.DiffFile == "-" {
		if opts.Stdin == nil {
			return nil, errors.New("-diff -: no standard input")
		}
		return io.ReadAll(opts.Stdin)
	}
	p := opts.DiffFile
	if !filepath.IsAbs(p) {
		p = filepath.Join(opts.Dir, p)
	}
	b, err := os.ReadFile(p)
	if err != nil {
		return nil, fmt.Errorf("cannot read the diff: %v", err)
	}
	return b, nil
}

// classify records every file of the diff, with the reason when it is not
// analysed, and keeps the changed lines of the Go files that are.
func (sc *scope) classify(files []*FileDiff) {
	sc.changed = make(map[string][]LineRange)
	sc.index = make(map[string]int)
	for _, f := range files {
		fs := FileScope{Path: f.Path, OldPath: f.OldPath, Status: f.Status(), Lines: f.Lines}
		if f.Deleted() {
			fs.Path, fs.OldPath = f.OldPath, ""
		} else if f.OldPath == f.Path {
			fs.OldPath = ""
		}
		fs.Skipped = sc.skipReason(f)
		if fs.Skipped == "" {
			sc.changed[filepath.Join(sc.root, filepath.FromSlash(f.Path))] = f.Lines
		}
		sc.report.Files = append(sc.report.Files, fs)
	}
	sortFiles(sc.report.Files)
	for i, f := range sc.report.Files {
		if f.Skipped == "" {
			sc.index[filepath.Join(sc.root, filepath.FromSlash(f.Path))] = i
		}
	}
}

// skipReason says why a file of the diff is not analysed, or "".
func (sc *scope) skipReason(f *FileDiff) string {
	switch {
	case f.Deleted():
		return "deleted"
	case f.Binary:
		return "binary"
	case !strings.HasSuffix(f.Path, ".go"):
		return "not Go"
	case strings.HasSuffix(f.Path, "_test.go"):
		return "test file (rules skip tests by default)"
	case outsidePackages(f.Path):
		return "outside Go packages (testdata, vendor, _ or . directory)"
	case len(f.Lines) == 0:
		return "no changed lines"
	}
	abs := filepath.Join(sc.root, filepath.FromSlash(f.Path))
	src, err := os.ReadFile(abs)
	if err != nil {
		return "not in the working tree"
	}
	if isGenerated(src) {
		return "generated"
	}
	if moduleRoot(sc.root, filepath.Dir(abs)) == "" {
		return "not in a Go module"
	}
	return ""
}

// outsidePackages reports paths the go command ignores in ./... patterns.
func outsidePackages(p string) bool {
	dirs := strings.Split(p, "/")
	for _, d := range dirs[:len(dirs)-1] {
		if d == "testdata" || d == "vendor" || strings.HasPrefix(d, "_") || strings.HasPrefix(d, ".") {
			return true
		}
	}
	return false
}

// isGenerated applies the Go convention (a "// Code generated ... DO NOT
// EDIT." line before the package clause): such files change with their
// generator, and a review of them is a review of the generator.
func isGenerated(src []byte) bool {
	if !bytes.Contains(src, []byte("DO NOT EDIT")) {
		return false
	}
	f, err := parser.ParseFile(token.NewFileSet(), "", src, parser.PackageClauseOnly|parser.ParseComments)
	return err == nil && ast.IsGenerated(f)
}

// moduleRoot returns the nearest directory at or above dir, and not above
// root, that holds a go.mod; "" if there is none.
func moduleRoot(root, dir string) string {
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if dir == root || parent == dir || !strings.HasPrefix(parent, root) {
			return ""
		}
		dir = parent
	}
}

// rel turns an absolute file name into a slash path relative to the root, or
// returns it unchanged when it lies elsewhere.
func (sc *scope) rel(abs string) string {
	if r, err := filepath.Rel(sc.root, abs); err == nil && !strings.HasPrefix(r, "..") {
		return filepath.ToSlash(r)
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil && real != abs {
		if r, err := filepath.Rel(sc.root, real); err == nil && !strings.HasPrefix(r, "..") {
			return filepath.ToSlash(r)
		}
	}
	return filepath.ToSlash(abs)
}

// skip marks an analysable file as not analysed after all.
func (sc *scope) skip(abs, reason string) {
	if i, ok := sc.index[abs]; ok && sc.report.Files[i].Skipped == "" {
		sc.report.Files[i].Skipped = reason
		sc.report.Files[i].Analyzed = false
	}
}
