package analyzers_test

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/retrylint/retrylint/analyzers"
)

// FuzzAnalyzers feeds Go source through the engine and every rule: no panic, no
// hang. Inputs that do not parse are skipped; inputs that do not type-check are
// analysed with the partial type information go/types leaves (stricter than the
// drivers, which skip ill-typed packages). Imports resolve to the library stubs
// under testdata/src, else to the standard library (fuzzimport_test.go). Seeds:
// every file of the rules' test packages, and testdata/fuzz/FuzzAnalyzers. A
// short run: go test -run '^$' -fuzz FuzzAnalyzers -fuzztime 60s
// -fuzzminimizetime 0 ./analyzers (.ci/steps/40-robustness.sh). Without
// -fuzzminimizetime 0 the go command minimises every input that finds coverage
// for up to 60s, which for inputs of kilobytes is all of it: no progress meanwhile.
func FuzzAnalyzers(f *testing.F) {
	for _, file := range seedFiles(f) {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(data))
	}
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 64<<10 {
			return
		}
		done := make(chan string, 1)
		go func() { msg, _ := analyzeSource(src); done <- msg }()
		select {
		case msg := <-done:
			if msg != "" {
				t.Fatal(msg)
			}
		case <-time.After(fuzzTimeout):
			t.Fatalf("no result after %v: the analysis hangs or is far too slow", fuzzTimeout)
		}
	})
}

// fuzzTimeout is generous: the machine running CI may be busy.
const fuzzTimeout = 30 * time.Second

// seedFiles returns the .go files of the rule test packages: the directories of
// testdata/src whose name has no dot (the others are library stubs).
func seedFiles(f *testing.F) []string {
	var out []string
	err := filepath.WalkDir(srcRoot, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(srcRoot, path)
		top, _, _ := strings.Cut(filepath.ToSlash(rel), "/")
		if d.IsDir() && rel != "." && strings.Contains(top, ".") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(path, ".go") {
			out = append(out, path)
		}
		return nil
	})
	if err != nil {
		f.Fatal(err)
	}
	return out
}

var srcRoot = filepath.Join("testdata", "src")

// analyzeSource type-checks src as a package of its own and runs every rule on
// it. It returns "" or what went wrong: a panic (the engine and lint.New turn
// panics into errors that say "panicked") or an internal error of a driver;
// and the number of findings.
func analyzeSource(src string) (msg string, findings int) {
	fuzzMu.Lock()
	defer fuzzMu.Unlock()
	name := filepath.Join(fuzzDir, "input.go")
	// The FileSet is shared with the stubs, whose objects the analyzers may ask
	// positions of; the input's own file goes once the analysis is done, or every
	// input would stay in memory (its line table) for the life of the worker.
	// ParseFile adds the file at the set's base before it parses, so a file that
	// does not parse is there too.
	defer removeFile(fuzzFset, token.Pos(fuzzFset.Base()), name)
	file, err := parser.ParseFile(fuzzFset, name, src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil || file.Name == nil {
		return "", 0
	}
	pkg, ok := typeCheck(file)
	if !ok {
		return "", 0 // go/types itself panicked: not ours to fix
	}
	g, err := checker.Analyze(analyzers.All(), []*packages.Package{pkg}, &checker.Options{Sequential: true})
	if err != nil {
		return fmt.Sprintf("checker: %v", err), 0
	}
	for act := range g.All() {
		if act.Err != nil && strings.Contains(act.Err.Error(), "panicked") {
			return fmt.Sprintf("%s: %v\ninput:\n%s", act, act.Err, src), 0
		}
		findings += len(act.Diagnostics)
	}
	return "", findings
}

// TestFuzzHarness makes sure the fuzz target analyses for real: a seed full of
// retry loops, its imports resolved from the stubs, has findings.
func TestFuzzHarness(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(srcRoot, "fixedsleep", "loops.go"))
	if err != nil {
		t.Fatal(err)
	}
	msg, n := analyzeSource(string(data))
	if msg != "" || n == 0 {
		t.Fatalf("analyzeSource(fixedsleep/loops.go) = %q, %d findings; want no failure and findings", msg, n)
	}
}

var (
	fuzzMu   sync.Mutex
	fuzzFset = token.NewFileSet()
	fuzzDir  = filepath.Join(srcRoot, "fuzzinput") // no such directory: no config
)

// typeCheck checks one file leniently, keeping whatever type information it
// gets, and wraps it as the checker wants it.
func typeCheck(file *ast.File) (pkg *packages.Package, ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	info := newInfo()
	conf := types.Config{Importer: importerFunc(importPkg), Error: func(error) {}}
	tpkg, _ := conf.Check("example.com/fuzz/"+file.Name.Name, fuzzFset, []*ast.File{file}, info)
	return &packages.Package{
		ID: tpkg.Path(), Name: tpkg.Name(), PkgPath: tpkg.Path(),
		Fset: fuzzFset, Syntax: []*ast.File{file}, Types: tpkg, TypesInfo: info,
		TypesSizes: types.SizesFor("gc", "amd64"), Imports: map[string]*packages.Package{},
	}, true
}

// removeFile removes the file named name that starts at base, if there is one.
func removeFile(fset *token.FileSet, base token.Pos, name string) {
	if f := fset.File(base); f != nil && f.Name() == name && token.Pos(f.Base()) == base {
		fset.RemoveFile(f)
	}
}

func newInfo() *types.Info {
	return &types.Info{
		Types:        make(map[ast.Expr]types.TypeAndValue),
		Instances:    make(map[*ast.Ident]types.Instance),
		Defs:         make(map[*ast.Ident]types.Object),
		Uses:         make(map[*ast.Ident]types.Object),
		Implicits:    make(map[ast.Node]types.Object),
		Selections:   make(map[*ast.SelectorExpr]*types.Selection),
		Scopes:       make(map[ast.Node]*types.Scope),
		FileVersions: make(map[*ast.File]string),
	}
}
