package retryscope

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/internal/code"
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

// CarriedContext spells a context reachable at pos through a value that
// carries one, for code with no context.Context variable in scope: an
// *http.Request parameter's req.Context() (an incoming request's ends when its
// client goes away; an outgoing one's is the caller's), else the one
// context.Context field of a method's receiver (s.ctx, the component's
// lifetime). It returns "" when neither is certain: no such parameter or
// field, two of them in the same place, or a name shadowed at pos. A request
// built in the function is left out: http.NewRequest's context never ends.
func (res *Result) CarriedContext(pos token.Pos) string {
	if res.pkg == nil {
		return ""
	}
	inner := res.pkg.Scope().Innermost(pos)
	var recv string
	for s := inner; s != nil && s != res.pkg.Scope() && s != types.Universe; s = s.Parent() {
		var reqs []string
		for _, name := range s.Names() {
			v, ok := s.Lookup(name).(*types.Var)
			if !ok || v.Pos() >= pos || name == "_" || visible(inner, v, pos) != v {
				continue
			}
			switch {
			case v.Kind() == types.ParamVar && isRequestPtr(v.Type()):
				reqs = append(reqs, name+".Context()")
			case v.Kind() == types.RecvVar && recv == "":
				if f := contextField(v.Type()); f != "" {
					recv = name + "." + f
				}
			}
		}
		if len(reqs) > 1 {
			return ""
		}
		if len(reqs) == 1 {
			return reqs[0]
		}
	}
	return recv
}

func visible(inner *types.Scope, v *types.Var, pos token.Pos) types.Object {
	_, obj := inner.LookupParent(v.Name(), pos)
	return obj
}

func isRequestPtr(t types.Type) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	return ok && code.IsNamed(p.Elem(), "net/http", "Request")
}

// contextField names the only context.Context field declared in a receiver's
// struct (not promoted from an embedded one), or "".
func contextField(t types.Type) string {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := types.Unalias(t).Underlying().(*types.Struct)
	if !ok {
		return ""
	}
	name := ""
	for f := range st.Fields() {
		if !IsContext(f.Type()) {
			continue
		}
		if name != "" || f.Embedded() {
			return ""
		}
		name = f.Name()
	}
	return name
}
