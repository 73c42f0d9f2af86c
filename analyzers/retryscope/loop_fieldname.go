package retryscope

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A name from the counter may be set on a field of the object the attempt
// sends instead of a variable it takes:
//
//	for n := 1; ; n++ {
//		if err := create(ctx, obj); !isAlreadyExists(err) {
//			return err
//		}
//		obj.Name = fmt.Sprintf("%s-%d", base, n)
//	}
//
// Each round creates an object of another name: a search for a free name,
// as namesFromCounter reads for variables. A field set to a value that does
// not change with the loop (obj.Name = base) asks for the same target.

// recordsNamedFromCounter returns the variables of which the loop sets a
// text field from a value that changes with the loop.
func (f *flow) recordsNamedFromCounter(l *loop, variant map[types.Object]bool) []types.Object {
	var out []types.Object
	for _, d := range code.DefsIn(f.info, l.pos, l.end) {
		sel, ok := ast.Unparen(d.Lhs).(*ast.SelectorExpr)
		if !ok || d.Func != f.fn.node || !d.Replaces() || d.Var == nil || d.Value == nil || !textual(d.Var.Type()) {
			continue
		}
		if !f.dependsOn(d.Value, variant) || mentions(f.info, d.Value, []types.Object{d.Var}) {
			continue
		}
		if o := code.Root(f.info, sel.X, code.ThroughIndex); o != nil {
			out = appendNew(out, o)
		}
	}
	return out
}
