package retryscope

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/cfg"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A switch on a value the round derived from the attempt's error.
//
// `switch code := codeOf(err); code { case Unavailable: /* go round */; case
// Unimplemented: return nil; default: return err }` classifies as a switch on
// codeOf(err) itself does: the tag names a variable, but its only value is
// read from the error. Such a switch tells errors apart only when a case
// decides the way: the case's body and the cases after it differ in going
// round or leaving. A switch on the derived code whose every case, default
// included, goes round (one logs "unavailable", the default logs "other")
// retries every error alike.

// derivedSwitchCase returns the case value that ends block b when it is a
// case of a switch on a variable derived from vars, and the case decides
// whether the loop goes round; else nil.
func (f *flow) derivedSwitchCase(l *loop, b *cfg.Block, vars []types.Object) ast.Node {
	v := condOf(b)
	tag := f.tags[v]
	if tag == nil || code.IsNil(f.info, ast.Unparen(v)) || !f.derivedFrom(tag, vars) || !f.sidesDiffer(l, b) {
		return nil
	}
	return v
}

// derivedFrom reports whether e names a variable whose only assignment takes
// a value that mentions vars (code := status.Code(err)).
func (f *flow) derivedFrom(e ast.Expr, vars []types.Object) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	obj := f.info.Uses[id]
	if obj == nil {
		return false
	}
	d, ok := code.SoleDef(f.info, obj)
	return ok && d.Value != nil && d.ByName() && mentions(f.info, d.Value, vars)
}
