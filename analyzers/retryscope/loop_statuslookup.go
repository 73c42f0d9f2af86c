package retryscope

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// statusLookup is statusPredicate for a bool map keyed by a response's status
// code (retryCodes[resp.StatusCode], accepted[resp.StatusCode]): a set of codes
// tests the status as a predicate does, and says which side fails only by its
// name.
func statusLookup(info *types.Info, ix *ast.IndexExpr) (resp ast.Expr, failWhenTrue, known, ok bool) {
	t := info.TypeOf(ix.X)
	if t == nil {
		return nil, false, false, false
	}
	m, isMap := t.Underlying().(*types.Map)
	if !isMap {
		return nil, false, false, false
	}
	if b, isBasic := m.Elem().Underlying().(*types.Basic); !isBasic || b.Kind() != types.Bool {
		return nil, false, false, false
	}
	r, _, isCode := codeExpr(info, ix.Index)
	if !isCode || r == nil {
		return nil, false, false, false
	}
	name := ""
	if id := code.NameIdent(ix.X); id != nil {
		name = id.Name
	}
	says := sayRetry(name)
	return r, says, says, true
}

// classifyingLookup: a set of status codes looked up with the attempt's
// response picks the failures to retry, as a predicate over the code does.
func (k classifier) classifyingLookup(ix *ast.IndexExpr) bool {
	resp, _, _, ok := statusLookup(k.info, ix)
	return ok && mentions(k.info, resp, k.vars)
}
