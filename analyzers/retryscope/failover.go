package retryscope

import (
	"go/ast"
	"go/types"
)

// Failover reports whether a loop region tries a different target on each
// iteration rather than the same call again: see Region.Failover.
func Failover(_ *types.Info, r *Region) bool { return r.Failover }

// failover decides Region.Failover: the loop ranges over a collection (or counts
// through one) and some attempt uses the element, directly or through variables
// derived from it (for _, addr := range addrs { dial(addr) }; node := nodes[i];
// node.Ping()). Such loops move on to the next replica at once by design.
func (f *flow) failover(l *loop, attempts []*ast.CallExpr) bool {
	var seeds []types.Object
	switch s := l.stmt.(type) {
	case *ast.RangeStmt:
		if t := f.info.TypeOf(s.X); t == nil || isIntegerRange(t) {
			return false
		}
		for _, e := range []ast.Expr{s.Key, s.Value} {
			if o := lhsObj(f.info, e); o != nil {
				seeds = append(seeds, o)
			}
		}
	case *ast.ForStmt:
		if f.indexesByCounter(l, attempts) {
			return true // dial(hosts[i])
		}
		seeds = f.indexedElements(l)
	}
	if len(seeds) == 0 {
		return false
	}
	elems := f.derived(l, seeds)
	for _, call := range attempts {
		if mentions(f.info, call, elems) {
			return true
		}
	}
	return false
}

// indexedElements returns the variables a counted loop fills from a collection
// indexed by a loop-variant number (node := nodes[i]), plus nothing else: a
// counter passed to the attempt as an attempt number is not a target.
func (f *flow) indexedElements(l *loop) []types.Object {
	variant := f.variant(l)
	var out []types.Object
	for obj, rhss := range f.assignsIn(l) {
		for _, rhs := range rhss {
			if ix, ok := ast.Unparen(rhs).(*ast.IndexExpr); ok && f.dependsOn(ix.Index, variant) {
				out = appendObjs(out, obj)
			}
		}
	}
	return out
}

// indexesByCounter reports whether an attempt indexes a collection by a number
// the loop changes: dial(hosts[i]).
func (f *flow) indexesByCounter(l *loop, attempts []*ast.CallExpr) bool {
	variant := f.variant(l)
	found := false
	for _, call := range attempts {
		ast.Inspect(call, func(n ast.Node) bool {
			if ix, ok := n.(*ast.IndexExpr); ok && f.dependsOn(ix.Index, variant) {
				found = true
			}
			return !found
		})
	}
	return found
}

// derived closes seeds over assignments in the loop whose right side uses them.
func (f *flow) derived(l *loop, seeds []types.Object) []types.Object {
	set := make(map[types.Object]bool)
	for _, o := range seeds {
		set[o] = true
	}
	assigns := f.assignsIn(l)
	for changed := true; changed; {
		changed = false
		for obj, rhss := range assigns {
			if set[obj] {
				continue
			}
			for _, rhs := range rhss {
				if rhs != nil && f.dependsOn(rhs, set) {
					set[obj], changed = true, true
					break
				}
			}
		}
	}
	out := make([]types.Object, 0, len(set))
	for o := range set {
		out = append(out, o)
	}
	return out
}

func isIntegerRange(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}
