package retryscope

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
)

// contextAt returns a context.Context variable visible at pos, preferring the
// innermost one (a derived ctx over the parameter it came from), or nil.
func contextAt(pass *analysis.Pass, pos token.Pos) *types.Var {
	s := pass.Pkg.Scope().Innermost(pos)
	for ; s != nil && s != pass.Pkg.Scope() && s != types.Universe; s = s.Parent() {
		var best *types.Var
		for _, name := range s.Names() {
			v, ok := s.Lookup(name).(*types.Var)
			if !ok || v.Pos() >= pos || !IsContext(v.Type()) {
				continue
			}
			if best == nil || v.Pos() > best.Pos() {
				best = v
			}
		}
		if best != nil {
			return best
		}
	}
	return nil
}

// IsContext reports whether t is context.Context.
func IsContext(t types.Type) bool {
	n, ok := t.(*types.Named)
	if !ok {
		if a, ok := t.(*types.Alias); ok {
			return IsContext(types.Unalias(a))
		}
		return false
	}
	return n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "context" && n.Obj().Name() == "Context"
}
