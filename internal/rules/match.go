package rules

import (
	"go/types"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"weak"
)

// Matcher decides whether a function belongs to a list of names from rules.yaml.
// It is safe for concurrent use: analyzers run packages in parallel.
type Matcher struct {
	exact map[string]bool
	globs []*regexp.Regexp
	// pkgs are the package paths the names are in, and pkgPrefixes the
	// literal starts of the globs whose '*' falls inside the path: a function
	// of any other package is in no entry, answered without printing its name.
	// anyPkg is set when a name's path cannot be told.
	pkgs        map[string]bool
	pkgPrefixes []string
	anyPkg      bool
	// funcs caches MatchFunc: the same functions are asked about again and again,
	// and FullName allocates. Weak keys, dropped with their function.
	funcs sync.Map // weak.Pointer[types.Func] -> bool
}

// NewMatcher compiles names; a name with '*' is a glob where '*' matches any run of
// characters, '/' included.
func NewMatcher(names []string) *Matcher {
	m := &Matcher{exact: make(map[string]bool), pkgs: make(map[string]bool)}
	for _, n := range names {
		n = normalizeName(n)
		m.notePackage(n)
		if strings.Contains(n, "*") {
			m.globs = append(m.globs, globRegexp(n))
		} else {
			m.exact[n] = true
		}
	}
	return m
}

// Match reports whether a full name (types.Func.FullName form) is in the list.
func (m *Matcher) Match(fullName string) bool {
	if m == nil {
		return false
	}
	fullName = normalizeName(fullName)
	if m.exact[fullName] {
		return true
	}
	for _, g := range m.globs {
		if g.MatchString(fullName) {
			return true
		}
	}
	return false
}

// MatchFunc reports whether fn is in the list. Instantiated generic functions are
// matched by their origin.
func (m *Matcher) MatchFunc(fn *types.Func) bool {
	if fn == nil || m == nil {
		return false
	}
	fn = fn.Origin()
	if !m.mayHold(fn.Pkg()) {
		return false
	}
	key := weak.Make(fn)
	if v, ok := m.funcs.Load(key); ok {
		return v.(bool)
	}
	ok := m.Match(fn.FullName())
	if _, loaded := m.funcs.LoadOrStore(key, ok); !loaded {
		// A Matcher lives as long as its configuration, the whole process; a
		// package's functions must not.
		runtime.AddCleanup(fn, func(k weak.Pointer[types.Func]) { m.funcs.Delete(k) }, key)
	}
	return ok
}

// normalizeName drops the pointer mark of a method receiver, so that
// "(*T).M" and "(T).M" name the same method: the method set, not the receiver's
// form, is what the knowledge base is about. It also drops the type-parameter
// list of a generic receiver, which go/types prints in two forms (the origin of
// a struct method as "(*p.R[T]).M", of an interface method as "(p.I[T any]).M",
// an instantiated one as "(*p.R[int]).M"): "(p.R).M" names them all.
func normalizeName(n string) string {
	if strings.HasPrefix(n, "(*") {
		n = "(" + n[2:]
	}
	if strings.HasPrefix(n, "(") && strings.Contains(n, "[") {
		n = stripTypeParams(n)
	}
	return n
}

// stripTypeParams removes bracketed lists (nested brackets included) from the
// receiver part of a method name, the text between the leading "(" and the
// matching ")".
func stripTypeParams(n string) string {
	var b strings.Builder
	depth, parens := 0, 0
	for i := 0; i < len(n); i++ {
		c := n[i]
		if parens == 0 && i > 0 {
			b.WriteString(n[i:])
			break
		}
		switch c {
		case '(':
			if depth == 0 {
				parens++
			}
		case ')':
			if depth == 0 {
				parens--
			}
		case '[':
			depth++
			continue
		case ']':
			if depth > 0 {
				depth--
				continue
			}
		}
		if depth == 0 {
			b.WriteByte(c)
		}
	}
	return b.String()
}

// globRegexp compiles a name with '*' wildcards ("any run of characters, '/'
// included") into an anchored regexp.
func globRegexp(pattern string) *regexp.Regexp {
	parts := strings.Split(pattern, "*")
	for i, p := range parts {
		parts[i] = regexp.QuoteMeta(p)
	}
	return regexp.MustCompile("^" + strings.Join(parts, ".*") + "$")
}

// notePackage records the package path of a normalized name:
// "path.F", "(path.T).M", a glob of either form.
func (m *Matcher) notePackage(name string) {
	path, ok := packageOf(name)
	switch {
	case !ok:
		m.anyPkg = true
	case strings.Contains(path, "*"):
		m.pkgPrefixes = append(m.pkgPrefixes, path[:strings.Index(path, "*")])
	default:
		m.pkgs[path] = true
	}
}

// packageOf returns the package path of a normalized name: the text before
// the last '.' that follows the last '/' (paths have dots, names do not).
func packageOf(name string) (string, bool) {
	if strings.HasPrefix(name, "(") {
		end := strings.Index(name, ")")
		if end < 0 {
			return "", false
		}
		name = name[1:end]
	}
	slash := strings.LastIndex(name, "/")
	dot := strings.LastIndex(name, ".")
	if dot <= slash {
		return "", false
	}
	return name[:dot], true
}

// mayHold reports whether a function of pkg can be in the list.
func (m *Matcher) mayHold(pkg *types.Package) bool {
	if m.anyPkg || pkg == nil {
		return true
	}
	path := pkg.Path()
	if m.pkgs[path] {
		return true
	}
	for _, p := range m.pkgPrefixes {
		if strings.HasPrefix(path, p) {
			return true
		}
	}
	return false
}
