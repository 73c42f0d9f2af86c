package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"
	"time"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A schedule written as a list of waits: for _, d := range
// []time.Duration{100 * time.Millisecond, 200 * time.Millisecond} { ...;
// time.Sleep(d) }, or delays[i] of such a list. Its waits are its elements,
// when the code shows them all: a literal, or a local defined once as one
// and only read (ranged over, indexed, measured), whose elements nothing
// assigns and no call gets to change.

// listTotal returns the time a loop that ranges over a list of waits spends
// waiting: each round's waits read with the range's key and value at that
// round's element. False for any other loop, or when a wait lies in a
// nested loop or its element has no ceiling the code shows.
func (res *Result) listTotal(r *Region, waits []*Wait) (time.Duration, bool) {
	rs, ok := r.Loop.(*ast.RangeStmt)
	if !ok || rs.Tok != token.DEFINE || inInnerLoop(r.Loop, waits) {
		return 0, false
	}
	elems, ok := listElems(res.info, rs.X)
	key, value := res.rangeVar(rs, rs.Key), res.rangeVar(rs, rs.Value)
	if !ok || value == nil {
		return 0, false
	}
	var sum float64
	for i, e := range elems {
		elem, ok := totalReader{info: res.info, res: res}.ceiling(e, 0)
		if !ok || !elem.nonNeg {
			return 0, false
		}
		t := totalReader{info: res.info, res: res, counters: map[types.Object]float64{value: elem.value}}
		if key != nil {
			t.counters[key] = float64(i)
		}
		for _, w := range waits {
			b, ok := t.ceiling(w.Duration, 0)
			if !ok {
				return 0, false
			}
			sum += max(b.value, 0)
		}
	}
	return duration(sum)
}

// rangeVar returns the variable a range statement declares at e when the
// body never assigns it, or nil.
func (res *Result) rangeVar(rs *ast.RangeStmt, e ast.Expr) types.Object {
	id, ok := e.(*ast.Ident)
	if !ok {
		return nil
	}
	v := res.info.Defs[id]
	if v == nil || code.AssignedIn(res.info, rs.Body, v) {
		return nil
	}
	return v
}

// elemCeiling returns the largest value an element of a list of waits can
// take (delays[i]).
func (t totalReader) elemCeiling(list ast.Expr, depth int) (bound, bool) {
	elems, ok := listElems(t.info, list)
	if !ok || len(elems) == 0 {
		return bound{}, false
	}
	top := bound{nonNeg: true}
	for _, e := range elems {
		b, ok := totalReader{info: t.info, res: t.res}.ceiling(e, depth+1)
		if !ok || !b.nonNeg {
			return bound{}, false
		}
		top.value = max(top.value, b.value)
	}
	return top, true
}

// listElems returns the elements of a list literal (no keyed elements), or
// of a local variable defined once as one and only read (onlyRead).
func listElems(info *types.Info, e ast.Expr) ([]ast.Expr, bool) {
	v := code.VarOf(info, e)
	if v != nil {
		val, once := code.DefinedOnce(info, v)
		if !once {
			return nil, false
		}
		e = val
	}
	lit, ok := ast.Unparen(e).(*ast.CompositeLit)
	if !ok || !plainList(info, lit) {
		return nil, false
	}
	if v != nil && !onlyRead(info, v) { // read last: it looks at every use in the package
		return nil, false
	}
	return lit.Elts, true
}

// plainList reports whether lit is a slice or array literal without keyed
// elements.
func plainList(info *types.Info, lit *ast.CompositeLit) bool {
	switch code.Underlying(info, lit).(type) {
	case *types.Slice, *types.Array:
	default:
		return false
	}
	for _, el := range lit.Elts {
		if _, keyed := el.(*ast.KeyValueExpr); keyed {
			return false
		}
	}
	return true
}

// onlyRead reports whether every use of a local list is a read of it: the
// list a range goes through, an element read (not assigned, incremented or
// addressed), or the argument of len or cap. Anything else (a call it is
// handed to, a slice of it) may change its elements out of sight.
func onlyRead(info *types.Info, v *types.Var) bool {
	tree := code.TreeOf(info)
	if tree == nil {
		return false
	}
	for id, obj := range info.Uses {
		if obj != v {
			continue
		}
		c, ok := tree.Cursor(id)
		if !ok || !readUse(info, id, c.Parent().Node(), c.Parent().Parent().Node()) {
			return false
		}
	}
	return true
}

func readUse(info *types.Info, id *ast.Ident, parent, grand ast.Node) bool {
	switch p := parent.(type) {
	case *ast.RangeStmt:
		return p.X == id
	case *ast.CallExpr:
		fn, isIdent := ast.Unparen(p.Fun).(*ast.Ident)
		b, ok := info.Uses[fn].(*types.Builtin)
		return isIdent && ok && (b.Name() == "len" || b.Name() == "cap")
	case *ast.IndexExpr:
		return p.X == id && !written(grand, p)
	}
	return false
}

// written reports whether the element e is assigned, incremented or
// addressed by its parent node.
func written(parent ast.Node, e ast.Expr) bool {
	switch p := parent.(type) {
	case *ast.AssignStmt:
		for _, lhs := range p.Lhs {
			if lhs == e {
				return true
			}
		}
	case *ast.IncDecStmt:
		return p.X == e
	case *ast.UnaryExpr:
		return p.Op == token.AND
	}
	return false
}
