package load

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"
)

// unlistedImport matches the go command's error for an import that the main
// module's go.mod and go.sum do not account for: go.sum lacks the entry of the
// module that provides it, or no required module provides it. One go mod tidy
// in the main module fixes them all, however many imports they name.
var unlistedImport = regexp.MustCompile(`^(missing go\.sum entry for module providing|no required module provides|cannot find module providing) package (\S+?)[;:]?(?:\s|$)`)

// unlisted is the imports, of one kind, that a main module does not account for.
type unlisted struct {
	goSum   bool
	vendor  bool             // under -mod=vendor: vendor/modules.txt is to be made again too
	module  *packages.Module // the main module of the packages they keep from the analysis, or nil
	imports []string
}

// mergeUnlisted folds the problems of imports that one main module does not
// account for, of one kind, into the first of them: one line, however many
// imports. main gives the main module of each requested package.
func mergeUnlisted(probs []Problem, main map[string]*packages.Module) []Problem {
	var out []Problem
	first := map[string]int{}
	for _, p := range probs {
		m := unlistedImport.FindStringSubmatch(p.Msg)
		if m == nil || !p.Shared {
			out = append(out, p)
			continue
		}
		var mod *packages.Module
		if len(p.Blocked) > 0 {
			mod = main[p.Blocked[0]]
		}
		vendor := strings.Contains(p.Msg, "-mod=vendor")
		key := fmt.Sprint(m[1], vendor)
		if mod != nil {
			key += "\x00" + mod.Path
		}
		i, ok := first[key]
		if !ok {
			first[key] = len(out)
			p.unlisted = &unlisted{goSum: strings.HasPrefix(m[1], "missing go.sum"), vendor: vendor, module: mod}
			out = append(out, p)
			i = len(out) - 1
		}
		// The go command names the importer too: one import, several messages.
		if u := out[i].unlisted; !slices.Contains(u.imports, m[2]) {
			u.imports = append(u.imports, m[2])
		}
		for _, b := range p.Blocked {
			if !slices.Contains(out[i].Blocked, b) {
				out[i].Blocked = append(out[i].Blocked, b)
			}
		}
		slices.Sort(out[i].Blocked)
	}
	for i := range out {
		if u := out[i].unlisted; u != nil && len(u.imports) < 2 {
			out[i].unlisted = nil // one import: the go command's own words and fix
		}
	}
	return out
}

// mainModules maps each root to its module, if it is a main module.
func mainModules(roots []*packages.Package) map[string]*packages.Module {
	out := make(map[string]*packages.Module)
	for _, r := range roots {
		if r.Module != nil && r.Module.Main {
			out[displayPath(r)] = r.Module
		}
	}
	return out
}

// line renders the imports p's main module does not account for, the packages
// they keep from the analysis, and the fix.
func (u *unlisted) line(p Problem) string {
	slices.Sort(u.imports)
	what := fmt.Sprintf("no required module provides %s", importList(u.imports))
	if u.goSum {
		what = fmt.Sprintf("go.sum has no entry for the modules of %s", importList(u.imports))
	}
	pos, fix, in, them := "", "go mod tidy", "", "them"
	if u.vendor {
		fix += " and go mod vendor"
	}
	if u.ownPackages() {
		what = fmt.Sprintf("module %s lacks %s of its own", u.module.Path, importList(u.imports))
		fix = "go generate (or whatever makes them: no module can provide them)"
	}
	if u.module != nil {
		in = " in module " + u.module.Path
		if u.module.GoMod != "" {
			pos = u.module.GoMod + ": "
		}
	}
	if len(p.Blocked) == 1 {
		them = "it"
	}
	if len(p.Blocked) == 0 {
		return fmt.Sprintf("%s%s: run %s%s", pos, what, fix, in)
	}
	return fmt.Sprintf("%s%s, so %s not analysed: run %s%s, or leave %s out of the patterns",
		pos, what, notAnalysed(p.Blocked), fix, in, them)
}

// importList counts imports and names the first two.
func importList(imports []string) string {
	names := strings.Join(imports[:min(2, len(imports))], ", ")
	if len(imports) > 2 {
		names += ", ..."
	}
	return fmt.Sprintf("%d imported packages (%s)", len(imports), names)
}

// ownPackages reports whether every import lies under the main module's own
// path: no required module can provide those, go mod tidy cannot fix them,
// and a checkout usually lacks them because they are generated (mocks,
// protobuf stubs) and not committed.
func (u *unlisted) ownPackages() bool {
	if u.goSum || u.module == nil {
		return false
	}
	for _, imp := range u.imports {
		if !strings.HasPrefix(imp, u.module.Path+"/") {
			return false
		}
	}
	return true
}
