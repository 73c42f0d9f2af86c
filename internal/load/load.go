// Package load loads packages for retrylint's standalone drivers: the packages
// the patterns name and their dependencies in the analysed code (the main
// module, workspace modules, GOPATH) from source, everything else — the standard
// library and modules from the module cache — from the compiler's export data.
//
// The x/tools checker parses and type-checks every dependency from source as soon
// as an analyzer has facts: most of the cost of a run. retrylint's facts never
// leave the standard library or a versioned module (the knowledge base describes
// those; see analyzers/retryscope.Origin), so their packages need no syntax
// unless the patterns name them.
package load

import (
	"errors"
	"fmt"
	"go/types"
	"maps"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"golang.org/x/tools/go/packages"

	"github.com/retrylint/retrylint/internal/goroot"
)

// listMode asks go list for the import graph, the files and the export data
// of every package; nothing is parsed or type-checked yet. go list runs with -n
// (listBuildFlags): it then names the export data the build cache holds and
// compiles nothing.
const listMode = packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles |
	packages.NeedImports | packages.NeedDeps | packages.NeedExportFile |
	packages.NeedModule | packages.NeedTypesSizes | packages.NeedEmbedFiles

// Packages loads the packages matched by patterns under cfg (its Dir, Env,
// BuildFlags and Tests are used; its Mode is not). The result is what
// packages.Load returns in packages.LoadAllSyntax mode, except that a standard
// library package not matched by the patterns has types from export data, no
// syntax and no imports, so that analysis stops there.
func Packages(cfg *packages.Config, patterns ...string) ([]*packages.Package, error) {
	return WithProgress(cfg, nil, patterns...)
}

// WithProgress is Packages that calls progress(done, total) from any
// goroutine as it type-checks or reads the export data of each package (total is
// how many need it), once go list has answered.
func WithProgress(cfg *packages.Config, progress func(done, total int), patterns ...string) ([]*packages.Package, error) {
	if err := dirGone(cfg.Dir); err != nil {
		return nil, err
	}
	list := moduleFlagsFromGOFLAGS(*cfg)
	buildFlags := list.BuildFlags
	list.Mode = listMode
	list.BuildFlags = append(slices.Clone(list.BuildFlags), listBuildFlags...)
	roots, err := packages.Load(&list, patterns...)
	if err != nil {
		if err := dirGone(cfg.Dir); err != nil {
			return nil, err
		}
		return nil, goCommandError(err)
	}
	if len(roots) == 0 {
		return nil, noPackages(list.Dir, list.Env, buildFlags, patterns)
	}
	if testHookAfterList != nil {
		testHookAfterList()
	}
	l := newLoader(roots)
	if redo := l.unprocessedCgo(); len(redo) > 0 {
		cgoOutput(&list, patterns, redo)
	}
	l.progress = progress
	l.run()
	// A directory that vanished during the run fails every package alike:
	// one error says so, not one per package.
	if err := dirGone(cfg.Dir); err != nil {
		return nil, err
	}
	return roots, nil
}

// listBuildFlags makes go list -export print the commands that would build a
// package's export data instead of running them. A package whose export data
// is not cached (every dependency, on a cold build cache) then has none, and is
// type-checked from source without function bodies (visit, typeCheck): seconds
// where compiling it takes minutes, as go vet does on its first run.
var listBuildFlags = []string{"-n"}

// testHookAfterList, if set, runs between go list and type-checking.
var testHookAfterList func()

// dirGone returns an error if the directory the go command runs in (dir, or
// else the working directory) no longer exists.
func dirGone(dir string) error {
	what := "the working directory"
	var err error
	if dir == "" {
		_, err = os.Getwd()
	} else {
		what = dir
		_, err = os.Stat(dir)
	}
	if err != nil {
		return fmt.Errorf("%s does not exist (%v): run retrylint in an existing directory; nothing was analysed", what, err)
	}
	return nil
}

// goCommandError removes go/packages' wrapping ("err: exit status 1: stderr:
// ") from the go command's error.
func goCommandError(err error) error {
	msg := err.Error()
	if _, rest, ok := strings.Cut(msg, "stderr: "); ok && strings.HasPrefix(msg, "err: ") {
		return errors.New(strings.TrimPrefix(strings.TrimSpace(rest), "go: "))
	}
	return err
}

// loader type-checks the import graph bottom-up, in parallel.
type loader struct {
	nodes  map[*packages.Package]*node
	order  []*node // dependencies before their importers
	export *exportImporter
	cpu    chan struct{}
	// progress, if not nil, is told how many packages are loaded so far.
	progress func(done, total int)
}

type node struct {
	pkg    *packages.Package
	source bool          // parse and type-check; else export data
	done   chan struct{} // closed once pkg.Types is set
	// visiting is true while visit is below this node: an import of it then
	// closes a cycle.
	visiting bool
	// analysed is true for the packages the analysis looks at: the roots and
	// the analysed code. An external package loaded from source only because it
	// imports one of them (the standard library's net/http when net is a root)
	// is type-checked without function bodies, as go/packages does, and
	// handed to the analysis with no syntax and no imports.
	analysed bool
	// imported is true when a source package imports this one. The types of
	// an external package that no source package imports are not needed:
	// reading an importer's export data creates what it refers to.
	imported bool
}

func newLoader(roots []*packages.Package) *loader {
	l := &loader{
		nodes:  make(map[*packages.Package]*node),
		export: newExportImporter(),
		cpu:    make(chan struct{}, runtime.GOMAXPROCS(0)),
	}
	initial := make(map[*packages.Package]bool, len(roots))
	for _, p := range roots {
		initial[p] = true
	}
	for _, p := range roots {
		l.visit(p, initial)
	}
	for _, n := range l.order {
		if n.source {
			for _, imp := range n.pkg.Imports {
				l.nodes[imp].imported = true
			}
		}
	}
	return l
}

// visit adds p and its dependencies, deciding which need source: the roots, every
// package of the analysed code, every package without export data, and every
// importer of a source package (export data would name its own copy of the
// imported package's types, distinct from the source package's).
func (l *loader) visit(p *packages.Package, initial map[*packages.Package]bool) *node {
	if n := l.nodes[p]; n != nil {
		return n
	}
	n := &node{pkg: p, done: make(chan struct{}), visiting: true}
	l.nodes[p] = n
	n.source = initial[p] || !External(p) || (p.ExportFile == "" && p.PkgPath != "unsafe")
	n.analysed = initial[p] || !External(p)
	for _, path := range slices.Sorted(maps.Keys(p.Imports)) {
		imp := l.visit(p.Imports[path], initial)
		if imp.visiting {
			// go list reports the cycle; waiting for the import would never end.
			delete(p.Imports, path)
			continue
		}
		n.source = n.source || imp.source
	}
	n.visiting = false
	l.order = append(l.order, n)
	return n
}

// External reports whether p is outside the analysed code: a package of the
// standard library or of a module with a version (from the module cache). The
// engine keeps facts inferred there to their own package (retryscope.Origin).
func External(p *packages.Package) bool {
	version := ""
	if p.Module != nil {
		version = p.Module.Version
	}
	return goroot.External(version, firstFile(p))
}

func firstFile(p *packages.Package) string {
	for _, files := range [][]string{p.GoFiles, p.CompiledGoFiles, p.OtherFiles} {
		for _, f := range files {
			return f
		}
	}
	return ""
}

// run loads every node once its imports are loaded, at most GOMAXPROCS at a time.
func (l *loader) run() {
	total := 0
	for _, n := range l.order {
		if n.source || n.imported {
			total++
		}
	}
	var done atomic.Int64
	if l.progress != nil {
		l.progress(0, total)
	}
	var wg sync.WaitGroup
	for _, n := range l.order {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer close(n.done)
			for _, imp := range n.pkg.Imports {
				<-l.nodes[imp].done
			}
			l.cpu <- struct{}{}
			defer func() { <-l.cpu }()
			switch {
			case n.source:
				typeCheck(n.pkg, !n.analysed)
			case n.imported:
				l.fromExportData(n.pkg)
			default:
				n.pkg.Imports = nil
				return
			}
			if d := done.Add(1); l.progress != nil {
				l.progress(int(d), total)
			}
		}()
	}
	wg.Wait()
}

// fromExportData gives p the types of its export data. The analysis does not
// descend into it: it has no syntax, and its imports are dropped.
func (l *loader) fromExportData(p *packages.Package) {
	p.Fset = fset
	p.TypesInfo = newInfo()
	p.Imports = nil
	tp, err := l.export.load(p)
	if err != nil {
		p.Types = types.NewPackage(p.PkgPath, p.Name)
		p.Errors = append(p.Errors, packages.Error{Pos: "-", Msg: err.Error(), Kind: packages.UnknownError})
		p.IllTyped = true
		return
	}
	p.Types = tp
}
