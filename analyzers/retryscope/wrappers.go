package retryscope

import (
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
)

// handoff is a call that hands a callback to a helper of some kind (a retry
// helper, a transaction helper): which argument, and what the enclosing
// function becomes if that argument runs one of its parameters.
type handoff[W any] struct {
	arg int
	// better reports whether the new wrapper would say more than the one the
	// enclosing function already has (nil: none yet).
	better func(old W) bool
	// wrapper is the enclosing function's wrapper, running parameter param.
	wrapper func(param int) W
}

// inferWrappers is the one wrapper inference of the engine, for retry and
// transaction wrappers alike: a function of the package that hands one of its
// func-typed parameters (or a literal calling it) to a helper becomes a helper
// itself. Wrappers of wrappers need more rounds: it runs to a fixed point
// (at most 8 rounds), then exports the wrappers as facts, in a stable order.
// wrappers holds the seeds (wrappers found another way) and receives the rest.
func inferWrappers[W interface {
	comparable
	analysis.Fact
	fmt.Stringer
	originated
}](pass *analysis.Pass, res *Result, calls []*ast.CallExpr, wrappers map[*types.Func]W, handoffOf func(*ast.CallExpr) (handoff[W], bool)) {
	for round := 0; round < 8; round++ {
		if !inferRound(pass, res, calls, wrappers, handoffOf) {
			break
		}
	}
	for _, fn := range sortedFuncs(wrappers) {
		res.exportFact(pass, fn, wrappers[fn])
	}
}

// inferRound is one round of inferWrappers; it reports whether it learnt
// something new.
func inferRound[W comparable](pass *analysis.Pass, res *Result, calls []*ast.CallExpr, wrappers map[*types.Func]W, handoffOf func(*ast.CallExpr) (handoff[W], bool)) bool {
	found := false
	var none W
	for _, call := range calls {
		h, ok := handoffOf(call)
		if !ok {
			continue
		}
		decl := res.funcs.enclosing(call.Pos()).decl()
		if decl == nil {
			continue
		}
		if old := wrappers[decl.obj]; old != none && !h.better(old) {
			continue
		}
		if i := retriedParam(pass.TypesInfo, res, call.Args[h.arg], decl.params(pass.TypesInfo)); i >= 0 {
			wrappers[decl.obj] = h.wrapper(i)
			found = true
		}
	}
	return found
}
