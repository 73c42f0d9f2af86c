package analyzers_test

import (
	"bufio"
	"bytes"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"
)

// The fuzz target resolves imports without running the go command per input: a
// library stub comes from testdata/src (type-checked once), a standard library
// package from export data that one `go list -export` found up front, for the
// std imports of every file under testdata/src and their dependencies. Any other
// import fails, and go/types goes on without it, as it does for any error.

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

var (
	stubs  = make(map[string]*types.Package)
	stdImp = importer.ForCompiler(fuzzFset, "gc", func(path string) (io.ReadCloser, error) {
		exports, err := stdExports()
		if err != nil {
			return nil, err
		}
		if file := exports[path]; file != "" {
			return os.Open(file)
		}
		return nil, fmt.Errorf("%s: not among the fuzz target's packages", path)
	})
)

// importPkg resolves a library stub, else a package of the standard library.
func importPkg(p string) (*types.Package, error) {
	if pkg, ok := stubs[p]; ok {
		if pkg == nil {
			return nil, fmt.Errorf("%s: import cycle", p)
		}
		return pkg, nil
	}
	if p != path.Clean(p) || strings.HasPrefix(p, ".") || strings.HasPrefix(p, "/") {
		return nil, fmt.Errorf("%s: not an import path", p)
	}
	var files []*ast.File
	names, _ := filepath.Glob(filepath.Join(srcRoot, filepath.FromSlash(p), "*.go"))
	for _, n := range names {
		if strings.HasSuffix(n, "_test.go") {
			continue
		}
		if f, err := parser.ParseFile(fuzzFset, n, nil, parser.SkipObjectResolution); err == nil {
			files = append(files, f)
		}
	}
	if len(files) == 0 {
		return stdImp.Import(p)
	}
	stubs[p] = nil // being checked: an import of p from its own imports is a cycle
	conf := types.Config{Importer: importerFunc(importPkg), Error: func(error) {}}
	pkg, _ := conf.Check(p, fuzzFset, files, nil)
	stubs[p] = pkg
	return pkg, nil
}

// stdExports maps standard library packages to their export data files.
var stdExports = sync.OnceValues(func() (map[string]string, error) {
	args := append([]string{"list", "-e", "-export", "-deps", "-f", "{{.ImportPath}}\t{{.Export}}"}, stdImports()...)
	out, err := exec.Command("go", args...).Output()
	if err != nil {
		return nil, fmt.Errorf("go list -export: %v", err)
	}
	m := make(map[string]string)
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		if p, file, ok := strings.Cut(sc.Text(), "\t"); ok && file != "" {
			m[p] = file
		}
	}
	return m, sc.Err()
})

// stdImports returns the imports of the files under testdata/src that are not
// packages there: the standard library ones.
func stdImports() []string {
	seen := map[string]bool{"unsafe": false}
	filepath.WalkDir(srcRoot, func(name string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(name, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fuzzFset, name, nil, parser.ImportsOnly)
		if err != nil {
			return nil
		}
		for _, imp := range f.Imports {
			p := strings.Trim(imp.Path.Value, "`\"")
			if _, done := seen[p]; !done {
				_, err := os.Stat(filepath.Join(srcRoot, filepath.FromSlash(p)))
				seen[p] = err != nil && p != "C"
			}
		}
		return nil
	})
	var out []string
	for p, std := range seen {
		if std {
			out = append(out, p)
		}
	}
	sort.Strings(out)
	return out
}
