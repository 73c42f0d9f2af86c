package httptimeout

import (
	"fmt"
	"go/types"
	"strings"
)

// nilFallbacks is the fact of a function whose client parameters fall back,
// when nil, to a client without Timeout: in the function itself, or by
// passing the parameter on to such a function. Importers report the nil
// they pass (fallback.go).
type nilFallbacks struct{ Params []fallbackParam }

func (*nilFallbacks) AFact() {}

func (f *nilFallbacks) String() string {
	var b strings.Builder
	for i, p := range f.Params {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "param %d falls back to %s in %s", p.Index, p.What, p.Qualified)
	}
	return "nilFallbacks(" + b.String() + ")"
}

// fallbackParam is one parameter that falls back when nil.
type fallbackParam struct {
	Index int    // the parameter's index
	What  string // what it falls back to: "http.DefaultClient"
	// The function with the fallback: its package, its name there (NewAPI,
	// (*API).Do) and elsewhere (api.NewAPI).
	PkgPath, Func, Qualified string
}

func newFallbackParam(fn *types.Func, k int, what string) fallbackParam {
	return fallbackParam{Index: k, What: what, PkgPath: fn.Pkg().Path(), Func: funcLabel(fn, false), Qualified: funcLabel(fn, true)}
}

// label names the function with the fallback for a message in pkg.
func (p fallbackParam) label(pkg *types.Package) string {
	if p.PkgPath == pkg.Path() {
		return p.Func
	}
	return p.Qualified
}
