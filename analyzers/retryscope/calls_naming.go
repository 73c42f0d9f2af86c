package retryscope

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// callsNaming returns the calls of the package whose callee names fn (or
// an instance of it), or nil when fn is also used otherwise (a value its
// holder may call with anything). Memoized.
func (res *Result) callsNaming(fn *types.Func) []*ast.CallExpr {
	fn = fn.Origin() // an instance's calls are its origin's
	res.namedMu.Lock()
	defer res.namedMu.Unlock()
	if calls, done := res.namedCalls[fn]; done {
		return calls
	}
	if res.namedCalls == nil {
		res.namedCalls = make(map[*types.Func][]*ast.CallExpr)
	}
	var calls []*ast.CallExpr
	for use, obj := range res.info.Uses {
		if f, ok := obj.(*types.Func); !ok || f.Origin() != fn {
			continue
		}
		call := code.CallNaming(res.info, use)
		if call == nil {
			calls = nil
			break
		}
		calls = append(calls, call)
	}
	res.namedCalls[fn] = calls
	return calls
}
