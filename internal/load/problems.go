package load

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"
)

// A Problem is one cause that keeps packages from being analysed: a package
// that does not build, or a failure that many packages share (a module that
// cannot be downloaded, a working directory that vanished). Problems reports
// each cause once, however many packages it reaches.
type Problem struct {
	Pos     string // file:line:col of the error, or ""
	Msg     string // the error, on one line
	More    int    // further errors of the same package
	Package string // the package whose error it is
	Module  string // the module that cannot be downloaded, when that is the cause
	// Shared is true when the error is the go command's and the same for several
	// packages (an unavailable module makes every package that needs it fail).
	Shared bool
	// Blocked lists the requested packages that are not analysed because of it,
	// sorted; for an error of one package (not Shared), other than that package.
	Blocked []string
	// Alike counts further packages of the same dependency module that do not
	// build and keep the same packages from the analysis: one cause, most
	// likely (a file of the module's that the toolchain rejects, a dependency
	// of its own), told once.
	Alike     int
	depModule string    // the module of Package when it is not a main module
	unlisted  *unlisted // imports the main module does not account for, when several
}

// Problems lists the causes that keep the roots (the packages Packages
// returned) from being analysed, in the order of their first appearance. A
// package that only fails to import a broken package is not a cause: the broken
// package is, and the importer is in its Blocked list.
func Problems(roots []*packages.Package) []Problem {
	c := &causes{memo: make(map[*packages.Package][]string), byKey: make(map[string]*Problem)}
	for _, r := range roots {
		name := displayPath(r)
		for _, k := range c.of(r) {
			p := c.byKey[k]
			if (p.Shared || displayPath(r) != p.Package) && !slices.Contains(p.Blocked, name) {
				p.Blocked = append(p.Blocked, name)
			}
		}
	}
	out := make([]Problem, 0, len(c.order))
	for _, k := range c.order {
		p := c.byKey[k]
		slices.Sort(p.Blocked)
		out = append(out, *p)
	}
	return mergeUnlisted(mergeAlike(out), mainModules(roots))
}

// mergeAlike folds the problems of packages of one dependency module that
// block the same requested packages into the first of them.
func mergeAlike(probs []Problem) []Problem {
	var out []Problem
	first := map[string]int{}
	for _, p := range probs {
		if p.depModule == "" || p.Shared || len(p.Blocked) == 0 {
			out = append(out, p)
			continue
		}
		key := p.depModule + "\x00" + strings.Join(p.Blocked, "\x00")
		if i, ok := first[key]; ok {
			out[i].Alike++
			continue
		}
		first[key] = len(out)
		out = append(out, p)
	}
	return out
}

type causes struct {
	memo  map[*packages.Package][]string // keys of a package's causes
	byKey map[string]*Problem
	order []string
}

// of returns the keys of the causes that keep p from being analysed: its own
// first error, or else the causes of its broken imports.
func (c *causes) of(p *packages.Package) []string {
	if keys, ok := c.memo[p]; ok {
		return keys
	}
	c.memo[p] = nil // an import cycle adds nothing
	var keys []string
	if e, more, ok := ownError(p); ok {
		keys = []string{c.add(p, e, more)}
	} else if len(p.Errors) > 0 || p.IllTyped {
		for _, path := range slices.Sorted(maps.Keys(p.Imports)) {
			for _, k := range c.of(p.Imports[path]) {
				if !slices.Contains(keys, k) {
					keys = append(keys, k)
				}
			}
		}
	}
	c.memo[p] = keys
	return keys
}

// add records e, an error of p, as a cause and returns its key. The go
// command's errors without a position of their own are keyed by their message,
// so that the packages one failure reaches share it.
func (c *causes) add(p *packages.Package, e packages.Error, more int) string {
	pos, msg := splitPos(e)
	// A package and its test variant ("p [p.test]") report the same error
	// of the same file: one cause.
	key := "pkg " + displayPath(p) + " " + pos + " " + msg
	// The go command's errors, and imports it gave no metadata for, are
	// the same in every package a failure reaches.
	shared := e.Kind == packages.ListError || e.Kind == packages.UnknownError ||
		strings.Contains(msg, "go list gave no metadata for")
	module := ""
	if shared {
		key = "msg " + msg
		// The go command words one missing module differently for its
		// go.mod and its source: one cause still.
		if module = unavailableModule(msg); module != "" {
			key = "module " + module
		}
	}
	if c.byKey[key] == nil {
		prob := &Problem{Pos: pos, Msg: msg, More: more, Package: displayPath(p), Shared: shared, Module: module}
		if p.Module != nil && !p.Module.Main {
			prob.depModule = p.Module.Path
		}
		c.byKey[key] = prob
		c.order = append(c.order, key)
	}
	return key
}

// ownError returns p's first error that is not the consequence of a broken
// import, and how many more it has. The go command's own errors (a missing
// module, an import cycle) come first: the type checker's errors then follow
// from imports it could not give.
func ownError(p *packages.Package) (e packages.Error, more int, ok bool) {
	var list, src, compiler []packages.Error
	for _, e := range p.Errors {
		switch {
		case e.Kind == packages.TypeError && importBroken(p):
			// "undefined: dep.X" and its like follow from an import the go
			// command could not give: that import's cause is the problem.
		case e.Kind == packages.TypeError || e.Kind == packages.ParseError:
			if !importFailed(p, e) {
				src = append(src, e)
			}
		case strings.HasPrefix(strings.TrimSpace(e.Msg), "# "):
			// "# path" and the compiler's output, which repeat the source
			// errors: the cause only if the type checker found none.
			compiler = append(compiler, e)
		default:
			list = append(list, e)
		}
	}
	for _, errs := range [][]packages.Error{list, src, compiler} {
		if len(errs) > 0 {
			return errs[0], len(errs) - 1, true
		}
	}
	return packages.Error{}, 0, false
}

var couldNotImport = regexp.MustCompile(`^could not import (\S+) \(`)

// importFailed reports whether e is the type checker's "could not import X"
// for an import X that itself failed.
func importFailed(p *packages.Package, e packages.Error) bool {
	m := couldNotImport.FindStringSubmatch(e.Msg)
	if m == nil {
		return false
	}
	imp := p.Imports[m[1]]
	return imp != nil && (len(imp.Errors) > 0 || imp.IllTyped)
}

// importBroken reports whether one of p's imports failed in the go command
// (a module it could not download, a package it could not list).
func importBroken(p *packages.Package) bool {
	for _, imp := range p.Imports {
		for _, e := range imp.Errors {
			if e.Kind == packages.ListError {
				return true
			}
		}
	}
	return false
}

var leadingPos = regexp.MustCompile(`^((?:[A-Za-z]:)?[^:\s]+:\d+(?::\d+)?): `)

// splitPos returns e's position and its message on one line, without the go
// command's "# package" header. The go command puts the position of the first
// import of a package it cannot load into the message.
func splitPos(e packages.Error) (pos, msg string) {
	var lines []string
	for _, line := range strings.Split(e.Msg, "\n") {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			lines = append(lines, line)
		}
	}
	msg = strings.Join(lines, " ")
	pos = e.Pos
	if pos == "-" {
		pos = ""
	}
	if m := leadingPos.FindStringSubmatch(msg); m != nil {
		if pos == "" {
			pos = m[1]
		}
		msg = msg[len(m[0]):]
	}
	return pos, msg
}

// moduleErr finds "path@version: " in the go command's messages about a module
// it could not download or read; the last one is the module at fault
// ("a@v1 requires b@v2: reading ...": b).
var moduleErr = regexp.MustCompile(`(\S+@v[0-9][^\s:/]*)(?: \(replaced by [^)]*\))?: `)

func unavailableModule(msg string) string {
	m := moduleErr.FindAllStringSubmatch(msg, -1)
	if m == nil {
		return ""
	}
	return m[len(m)-1][1]
}

// moduleDetail splits the go command's message about an unavailable module into the
// module that requires it, if the message says, and why it is unavailable.
func moduleDetail(msg string) (requiredBy, why string) {
	all := moduleErr.FindAllStringIndex(msg, -1)
	if all == nil {
		return "", msg
	}
	last := all[len(all)-1]
	requiredBy, _ = strings.CutSuffix(strings.TrimSpace(msg[:last[0]]), " requires")
	return requiredBy, msg[last[1]:]
}

// String renders the problem on one line: the error, what it keeps from the
// analysis, and what to do.
func (p Problem) String() string {
	if p.unlisted != nil {
		return p.unlisted.line(p)
	}
	var b strings.Builder
	if p.Pos != "" {
		b.WriteString(p.Pos + ": ")
	}
	if p.Module != "" {
		them := "them"
		if len(p.Blocked) == 1 {
			them = "it"
		}
		requiredBy, why := moduleDetail(p.Msg)
		if requiredBy != "" {
			requiredBy = " (required by " + requiredBy + ")"
		}
		fmt.Fprintf(&b, "module %s%s is not available (%s), so %s not analysed: make it available (go mod download %s; check GOPROXY, GOPRIVATE, GOFLAGS) or leave %s out of the patterns",
			p.Module, requiredBy, why, notAnalysed(p.Blocked), p.Module, them)
		return b.String()
	}
	b.WriteString(p.Msg)
	if p.More > 0 {
		fmt.Fprintf(&b, " (and %d more)", p.More)
	}
	switch {
	case p.Shared && len(p.Blocked) > 0:
		fmt.Fprintf(&b, "; %s not analysed: check the pattern or the module (go list %s)", notAnalysed(p.Blocked), p.Package)
	case p.Shared:
		fmt.Fprintf(&b, "; check the pattern or the module (go list %s)", p.Package)
	case len(p.Blocked) > 0:
		verb := "import it are"
		if len(p.Blocked) == 1 {
			verb = "imports it is"
		}
		what := "package " + p.Package + " does"
		if p.Alike > 0 {
			what = fmt.Sprintf("package %s and %d more of module %s do", p.Package, p.Alike, p.depModule)
			verb = strings.Replace(verb, "it", "them", 1)
		}
		fmt.Fprintf(&b, "; %s not build, so %s that %s not analysed either: fix it (go build) or leave them out of the patterns",
			what, list(p.Blocked), verb)
	default:
		fmt.Fprintf(&b, "; package %s does not build: fix it (go build) or leave it out of the patterns", p.Package)
	}
	return b.String()
}

// notAnalysed names the packages a shared failure keeps from the analysis.
func notAnalysed(blocked []string) string {
	if len(blocked) == 1 {
		return blocked[0] + " is"
	}
	return list(blocked) + " are"
}

// displayPath is the import path of p, the package under test for a test
// variant or test binary.
func displayPath(p *packages.Package) string {
	path := strings.TrimSuffix(p.PkgPath, ".test")
	return strings.TrimSuffix(path, "_test")
}

// list names packages, the first three of them at most.
func list(pkgs []string) string {
	const show = 3
	if len(pkgs) == 1 {
		return "1 package (" + pkgs[0] + ")"
	}
	names := strings.Join(pkgs[:min(show, len(pkgs))], ", ")
	if len(pkgs) > show {
		names += ", ..."
	}
	return fmt.Sprintf("%d packages (%s)", len(pkgs), names)
}
