package checklist

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/retrylint/retrylint/internal/load"
	"github.com/retrylint/retrylint/internal/safetext"
)

// loadPackages loads the packages given on the command line or, without any,
// the packages that hold the changed Go files (one load per module, since a
// repository may hold several).
func loadPackages(opts *Options, sc *scope) ([]*packages.Package, error) {
	if len(opts.Patterns) > 0 {
		return loadIn(opts.Dir, opts.Patterns, opts.BuildFlags)
	}
	var all []*packages.Package
	for _, g := range groupByModule(sc) {
		pkgs, err := loadIn(g.dir, g.patterns, opts.BuildFlags)
		if err != nil {
			return nil, err
		}
		all = append(all, pkgs...)
	}
	sort.Slice(all, func(i, j int) bool { return all[i].ID < all[j].ID })
	return all, nil
}

type loadGroup struct {
	dir      string
	patterns []string
}

// groupByModule turns the changed files' directories into ./dir patterns
// relative to their module roots.
func groupByModule(sc *scope) []loadGroup {
	byMod := make(map[string]map[string]bool)
	for abs := range sc.changed {
		dir := filepath.Dir(abs)
		mod := moduleRoot(sc.root, dir)
		r, _ := filepath.Rel(mod, dir)
		if byMod[mod] == nil {
			byMod[mod] = make(map[string]bool)
		}
		byMod[mod]["./"+filepath.ToSlash(r)] = true
	}
	var groups []loadGroup
	for mod, pats := range byMod {
		g := loadGroup{dir: mod}
		for p := range pats {
			g.patterns = append(g.patterns, strings.TrimSuffix(p, "/."))
		}
		sort.Strings(g.patterns)
		groups = append(groups, g)
	}
	sort.Slice(groups, func(i, j int) bool { return groups[i].dir < groups[j].dir })
	return groups
}

// loadIn loads the packages in dir as the standalone checker does
// (internal/load: the analysed code from source, libraries from export data).
// cgo is off: the checklist must never run code or tools named by the change,
// and cgo preprocessing runs the C compiler with flags from the source. Files
// that need cgo then show up as not built. buildFlags are -tags, -mod, -modfile.
func loadIn(dir string, patterns, buildFlags []string) ([]*packages.Package, error) {
	cfg := &packages.Config{
		Dir:        dir,
		Env:        append(os.Environ(), "CGO_ENABLED=0"),
		BuildFlags: buildFlags,
	}
	pkgs, err := load.Packages(cfg, patterns...)
	if err != nil {
		return nil, fmt.Errorf("cannot load packages in %s: %v", dir, err)
	}
	return pkgs, nil
}

// packageErrors lists a package's own load and type errors, file names made
// relative, at most a few: the first one is usually the cause of the rest.
func packageErrors(sc *scope, p *packages.Package) []string {
	const max = 5
	var out []string
	for _, e := range p.Errors {
		if len(out) == max {
			out = append(out, fmt.Sprintf("and %d more", len(p.Errors)-max))
			break
		}
		out = append(out, relError(sc, e))
	}
	return out
}

// relError prints an error with its position relative to the root, on one
// line, with no path of the machine it ran on (scrubPaths).
func relError(sc *scope, e packages.Error) string {
	return safetext.Line(scrubPaths(sc, rawRelError(sc, e)))
}

func rawRelError(sc *scope, e packages.Error) string {
	pos := e.Pos
	if pos == "" || pos == "-" {
		return e.Msg
	}
	file, rest := pos, ""
	if m := posRE.FindStringSubmatch(pos); m != nil {
		file, rest = m[1], m[2]
	}
	if filepath.IsAbs(file) {
		file = sc.rel(file)
	}
	return file + rest + ": " + e.Msg
}

// scrubPaths rewrites the absolute paths in a message (safetext.Paths):
// relative to the repository root when in it, else cut.
func scrubPaths(sc *scope, msg string) string {
	return safetext.Paths(msg, func(p string) (string, bool) {
		r := sc.rel(p)
		return r, r != filepath.ToSlash(p)
	})
}

// posRE splits "file:line:col" (file may hold colons, as on Windows).
var posRE = regexp.MustCompile(`^(.*?)((?::\d+){1,2})$`)
