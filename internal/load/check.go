package load

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"os"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"
)

// fset holds the positions of every package a Packages call loads. token.FileSet
// is safe for concurrent use.
var fset = token.NewFileSet()

// typeCheck parses p's compiled Go files and type-checks them against its
// imports' types, recording errors as go/packages does. A shallow package is
// checked without function bodies and keeps only its types: nothing analyses it.
func typeCheck(p *packages.Package, shallow bool) {
	if shallow {
		defer dropSource(p)
	}
	p.Fset = fset
	p.Types = types.NewPackage(p.PkgPath, p.Name)
	p.TypesInfo = newInfo()
	files := compiledFiles(p)
	if len(files) == 0 && p.ExportFile != "" {
		addError(p, packages.Error{Pos: "-", Msg: "sources missing for package " + p.ID, Kind: packages.ParseError})
	}
	for _, name := range files {
		f, err := parser.ParseFile(fset, name, nil, parser.AllErrors|parser.ParseComments|parser.SkipObjectResolution)
		if f != nil {
			p.Syntax = append(p.Syntax, f)
		}
		if err != nil {
			addError(p, err)
		}
	}
	conf := &types.Config{
		Importer:         importerFunc(func(path string) (*types.Package, error) { return importOf(p, path) }),
		Error:            func(err error) { addError(p, err) },
		Sizes:            p.TypesSizes,
		IgnoreFuncBodies: shallow,
		FakeImportC:      importsC(p.Syntax),
	}
	if p.Module != nil && p.Module.GoVersion != "" {
		conf.GoVersion = "go" + p.Module.GoVersion
	}
	err := types.NewChecker(conf, fset, p.Types, p.TypesInfo).Files(p.Syntax)
	if err != nil && len(p.Errors) == 0 {
		addError(p, err)
	}
	if shallow {
		dropCgoNameErrors(p)
	}
	dropCompilerErrors(p)
	p.IllTyped = len(p.Errors) > 0
	for _, imp := range p.Imports {
		p.IllTyped = p.IllTyped || imp.IllTyped
	}
}

// dropSource keeps only the types of a package nothing analyses. An
// ill-typed one keeps its imports: Problems follows them to the package whose
// error keeps the roots from the analysis, however deep in the dependencies.
func dropSource(p *packages.Package) {
	p.Syntax, p.TypesInfo = nil, newInfo()
	if !p.IllTyped {
		p.Imports = nil
	}
}

// compiledFiles returns the files to type-check: the compiled Go files, or
// the Go files if there are none. Of a cgo package whose cgo output is not
// cached, go list -n lists the Go files as they are (or none), and reports the
// missing cache entry as an error, dropped here; the type checker then fakes
// package C (importsC).
func compiledFiles(p *packages.Package) []string {
	p.Errors = slices.DeleteFunc(p.Errors, func(e packages.Error) bool {
		return strings.Contains(e.Msg, "loading compiled Go files from cache")
	})
	if len(p.CompiledGoFiles) > 0 {
		return p.CompiledGoFiles
	}
	return p.GoFiles
}

// importsC reports whether a file imports "C": cgo has not processed it.
func importsC(files []*ast.File) bool {
	for _, f := range files {
		for _, imp := range f.Imports {
			if imp.Path.Value == `"C"` {
				return true
			}
		}
	}
	return false
}

// importOf resolves an import of p; dependencies are loaded before p.
func importOf(p *packages.Package, path string) (*types.Package, error) {
	if path == "unsafe" {
		return types.Unsafe, nil
	}
	imp := p.Imports[path]
	if imp == nil || imp.Types == nil {
		return nil, fmt.Errorf("go list gave no metadata for %s", path)
	}
	if !imp.Types.Complete() || imp.Types.Name() == "" {
		for _, e := range imp.Errors {
			_, msg := splitPos(e)
			return nil, fmt.Errorf("%s", msg)
		}
	}
	return imp.Types, nil
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// addError records err as go/packages would: parse and type errors with their
// positions, type errors also in TypeErrors for the analyzers.
func addError(p *packages.Package, err error) {
	var list scanner.ErrorList
	var terr types.Error
	var perr *os.PathError
	var pe packages.Error
	switch {
	case errors.As(err, &pe):
		p.Errors = append(p.Errors, pe)
	case errors.As(err, &list):
		for _, e := range list {
			p.Errors = append(p.Errors, packages.Error{Pos: e.Pos.String(), Msg: e.Msg, Kind: packages.ParseError})
		}
	case errors.As(err, &terr):
		p.TypeErrors = append(p.TypeErrors, terr)
		p.Errors = append(p.Errors, packages.Error{Pos: terr.Fset.Position(terr.Pos).String(), Msg: terr.Msg, Kind: packages.TypeError})
	case errors.As(err, &perr):
		p.Errors = append(p.Errors, packages.Error{Pos: perr.Path + ":1", Msg: perr.Err.Error(), Kind: packages.ParseError})
	default:
		p.Errors = append(p.Errors, packages.Error{Pos: "-", Msg: err.Error(), Kind: packages.UnknownError})
	}
}

// dropCompilerErrors removes the compiler's errors, which go list reports when it
// builds export data ("# path" and the compiler's output), once the type
// checker has found the same errors with positions.
func dropCompilerErrors(p *packages.Package) {
	own := false
	for _, e := range p.Errors {
		own = own || e.Kind == packages.TypeError || e.Kind == packages.ParseError
	}
	if !own {
		return
	}
	kept := p.Errors[:0]
	for _, e := range p.Errors {
		if e.Kind != packages.ListError || !strings.HasPrefix(e.Msg, "# ") {
			kept = append(kept, e)
		}
	}
	p.Errors = kept
}

func newInfo() *types.Info {
	return &types.Info{
		Types:        make(map[ast.Expr]types.TypeAndValue),
		Defs:         make(map[*ast.Ident]types.Object),
		Uses:         make(map[*ast.Ident]types.Object),
		Implicits:    make(map[ast.Node]types.Object),
		Instances:    make(map[*ast.Ident]types.Instance),
		Scopes:       make(map[ast.Node]*types.Scope),
		Selections:   make(map[*ast.SelectorExpr]*types.Selection),
		FileVersions: make(map[*ast.File]string),
	}
}

// unprocessedCgo returns the analysed packages whose cgo files go list -n
// left as they are, because the build cache does not hold their cgo output.
// Their function bodies are checked, and need the real declarations cgo
// writes; the bodiless check of an external package does not.
func (l *loader) unprocessedCgo() []*packages.Package {
	var out []*packages.Package
	for _, n := range l.order {
		if n.analysed && n.source && usesCgo(compiledFiles(n.pkg)) {
			out = append(out, n.pkg)
		}
	}
	return out
}

// usesCgo reports whether one of files imports "C" (reading imports only).
func usesCgo(files []string) bool {
	for _, name := range files {
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ImportsOnly)
		if err == nil && importsC([]*ast.File{f}) {
			return true
		}
	}
	return false
}

// cgoOutput gives pkgs the compiled files of a go list run without -n (and
// without -export), which runs cgo, and only cgo, where its output is not
// cached.
func cgoOutput(cfg *packages.Config, patterns []string, pkgs []*packages.Package) {
	again := *cfg
	again.Mode = packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles | packages.NeedImports | packages.NeedDeps
	again.BuildFlags = slices.DeleteFunc(slices.Clone(cfg.BuildFlags), func(f string) bool { return slices.Contains(listBuildFlags, f) })
	roots, err := packages.Load(&again, patterns...)
	if err != nil {
		return
	}
	byID := make(map[string]*packages.Package)
	packages.Visit(roots, nil, func(p *packages.Package) { byID[p.ID] = p })
	for _, p := range pkgs {
		if q := byID[p.ID]; q != nil && len(q.CompiledGoFiles) > 0 {
			p.CompiledGoFiles = q.CompiledGoFiles
		}
	}
}
