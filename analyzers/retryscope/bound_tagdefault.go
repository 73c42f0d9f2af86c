package retryscope

import (
	"go/ast"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A limit read from a configuration field whose struct tag gives its
// default (`default:"3"`) is counted as that default (code.TagDefault), yet
// it stays the configuration's to change: whoever fills the field chose
// what a permanent error may cost, as for any field (BoundDeclaredElsewhere).

// limitFromTagDefault reports whether a region's attempt limit is a field
// read whose struct tag gives its default.
func (res *Result) limitFromTagDefault(r *Region) bool {
	for _, e := range res.limitExprs(r) {
		if _, ok := code.TagDefault(res.info, e); ok {
			return true
		}
	}
	return false
}

// limitExprs returns the values a region's limit is made of: the operands of
// a loop's counting condition, every argument of a helper's limiting
// setting, constant or not.
func (res *Result) limitExprs(r *Region) []ast.Expr {
	if r.Kind != CallbackRegion || r.Helper == nil || r.Helper.Wrapper != nil {
		return res.limitValues(r)
	}
	limit := r.Helper.Policy().Limit
	var out []ast.Expr
	for _, s := range r.Helper.Settings {
		if s.Node != limit || limit == nil {
			continue
		}
		for _, a := range s.Args {
			out = append(out, a.Expr)
		}
	}
	if kv, ok := limit.(*ast.KeyValueExpr); ok {
		out = append(out, kv.Value)
	}
	return out
}
