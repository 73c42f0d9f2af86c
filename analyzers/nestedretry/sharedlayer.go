package nestedretry

import (
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"github.com/retrylint/retrylint/analyzers/internal/lint"
	"github.com/retrylint/retrylint/analyzers/retryscope"
)

// fewOuterLayers is how many outer retries of one inner retry layer are
// still reported each at its own loop. Past it the inner layer is the
// common cause: a store method that retries its Begin, wrapped by every
// transaction retry of the package, is one decision a reviewer changes once
// (drop the inner retry, or keep it and let the callers fail fast), not a
// fix per caller; one finding at the inner layer says so, where a finding
// per caller repeats the same line dozens of times.
const fewOuterLayers = 3

// sharedLayer is an inner retry layer of this package reached from more
// than fewOuterLayers outer retries.
type sharedLayer struct {
	inner  *retryscope.Region
	fn     *types.Func
	outers []*retryscope.Region
	calls  []*ast.CallExpr
}

// sharedLayers groups the findings by the function of this package whose
// own retry is the inner layer (InnerRetry.Layer) and returns the groups
// with more than fewOuterLayers outer retries. Outer retries whose finding
// a directive silences, or in test code, are not counted.
func sharedLayers(p *lint.Pass, order []*ast.CallExpr, byCall map[*ast.CallExpr]*finding) []*sharedLayer {
	groups := map[*types.Func]*sharedLayer{}
	var keys []*types.Func
	for _, call := range order {
		f := byCall[call]
		fn := f.inner.Layer()
		if fn == nil || !p.Wants(f.outer.Pos) || !p.Wants(call.Pos()) {
			continue
		}
		g := groups[fn.Origin()]
		if g == nil {
			inner := layerRegion(p, fn)
			if inner == nil || !p.Wants(inner.Pos) {
				continue // a directive at the inner layer leaves its callers to be judged each
			}
			g = &sharedLayer{inner: inner, fn: fn}
			groups[fn.Origin()] = g
			keys = append(keys, fn.Origin())
		}
		if !slices.Contains(g.outers, f.outer) {
			g.outers = append(g.outers, f.outer)
		}
		g.calls = append(g.calls, call)
	}
	var out []*sharedLayer
	for _, fn := range keys {
		if g := groups[fn]; len(g.outers) > fewOuterLayers {
			out = append(out, g)
		}
	}
	return out
}

// layerRegion returns the first retry region in the declaration of fn, a
// function of this package, that reaches another system and multiplies
// attempts (what gave fn its Retries fact), or nil.
func layerRegion(p *lint.Pass, fn *types.Func) *retryscope.Region {
	decl := p.Scope.FuncDecl(fn)
	if decl == nil {
		return nil
	}
	for _, r := range p.Scope.Regions {
		if decl.Pos() <= r.Pos && r.Pos < decl.End() && r.Remote() && r.MultipliesAttempts() {
			return r
		}
	}
	return nil
}

// reportShared reports a shared inner layer once, at its own retry.
func reportShared(p *lint.Pass, g *sharedLayer) {
	p.ReportRegion(g.inner, nil, "", nil, "%s%s in %s is called from %d other retry layers (%s): the attempts multiply; keep a single retry layer, here or in the callers",
		outerName(g.inner), count(g.inner.Bound.MaxAttempts), funcLabel(g.fn), len(g.outers), outerNames(g.outers))
}

// outerNames names the kinds of the outer retries, each once, in order.
func outerNames(outers []*retryscope.Region) string {
	var names []string
	for _, r := range outers {
		if n := outerName(r); !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	return strings.Join(names, ", ")
}

// funcLabel names a function as its declaration does: Begin, or
// BaseDB.Begin for a method.
func funcLabel(fn *types.Func) string {
	if recv := fn.Signature().Recv(); recv != nil {
		t := recv.Type()
		if ptr, ok := t.(*types.Pointer); ok {
			t = ptr.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok {
			return n.Obj().Name() + "." + fn.Name()
		}
	}
	return fn.Name()
}
