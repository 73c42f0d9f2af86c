package retryscope

import (
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A context only ends when something cancels it: context.WithValue adds a
// value and no cancellation, so it ends exactly when its parent does. Code
// often hides the WithValue in a small function of its own:
//
//	func withSession(parent context.Context, s *Session) context.Context {
//		return context.WithValue(parent, sessionKey{}, s)
//	}
//
// Such a function (every return is its one context parameter, unchanged or
// under context.WithValue) hands its argument's cancellation through, and
// nothing more: withSession(context.Background(), s) never ends.

// PassesContext marks a function whose every return is its context
// parameter Param, unchanged or under context.WithValue (ctx_passthrough.go).
type PassesContext struct {
	Param int
	Origin
}

func (*PassesContext) AFact() {}

func (f *PassesContext) String() string {
	return fmt.Sprintf("passes its context %d through", f.Param)
}

// maxCtxChain bounds the contexts followed back from a variable.
const maxCtxChain = 8

// ContextNeverEnds reports whether every value the package gives the
// context variable v is one nothing can cancel: context.Background(),
// TODO(), WithoutCancel(…), and context.WithValue over such a context,
// directly or through a function that passes its context through
// (PassesContext). Its Done channel is nil: a wait that selects on it
// still waits out its timer.
func (r *Result) ContextNeverEnds(v *types.Var) bool {
	return r != nil && r.info != nil && r.neverEnds(v, 0)
}

func (r *Result) neverEnds(v *types.Var, depth int) bool {
	if v == nil || depth > maxCtxChain || !IsContext(v.Type()) {
		return false
	}
	vals, ok := code.AllValues(r.info, v)
	if !ok || len(vals) == 0 {
		return r.paramNeverEnds(v, depth) // a parameter, or values out of sight
	}
	for _, e := range vals {
		if !r.uncancellable(e, depth+1) {
			return false
		}
	}
	return true
}

// paramNeverEnds reports whether v is a parameter of a function only its
// package calls, by name, and never assigns, and every call hands it a
// context nothing can cancel: run(context.Background()) from main. The
// function's waits then have nothing to watch, whatever its signature says.
func (r *Result) paramNeverEnds(v *types.Var, depth int) bool {
	decl, i := code.ParamOf(r.info, v)
	fn := code.DeclaredFunc(r.info, decl)
	if fn == nil || i < 0 || !r.onlyCalledHere(fn) {
		return false
	}
	for range code.DefsOf(r.info, v) {
		return false // the parameter is reassigned
	}
	calls := r.callsNaming(fn)
	for _, call := range calls {
		if call.Ellipsis.IsValid() || i >= len(call.Args) || !r.uncancellable(call.Args[i], depth+1) {
			return false
		}
	}
	return len(calls) > 0
}

// uncancellable reports whether the context expression e never ends.
func (r *Result) uncancellable(e ast.Expr, depth int) bool {
	if depth > maxCtxChain {
		return false
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, _ := r.info.Uses[e].(*types.Var)
		return r.neverEnds(v, depth)
	case *ast.CallExpr:
		fn := code.Callee(r.info, e)
		if fn == nil {
			return false
		}
		if rootNeverEnds(fn) {
			return true
		}
		if fn.FullName() == "context.WithValue" {
			return len(e.Args) == 3 && r.uncancellable(e.Args[0], depth+1)
		}
		if i := r.passedContext(fn); i >= 0 && i < len(e.Args) {
			return r.uncancellable(e.Args[i], depth+1)
		}
	}
	return false
}

// rootNeverEnds reports whether fn makes a context nothing can cancel:
// context.Background, TODO, WithoutCancel.
func rootNeverEnds(fn *types.Func) bool {
	switch fn.FullName() {
	case "context.Background", "context.TODO", "context.WithoutCancel":
		return true
	}
	return false
}

// passedContext returns the index of the context parameter fn passes
// through, or -1: read from its body for a function of the package, from
// its fact for one of another package of the analysed code.
func (r *Result) passedContext(fn *types.Func) int {
	fn = fn.Origin()
	if r.funcs != nil {
		if node := r.funcs.byObj[fn]; node != nil {
			return r.readPassesContext(node)
		}
	}
	if f := r.passesContext[fn]; f != nil {
		return f.Param
	}
	return -1
}

// exportPassesContext exports PassesContext for the package's functions
// that pass their context through, and imports the facts of the functions
// of other packages it names (a rule's pass cannot import them).
func exportPassesContext(pass *analysis.Pass, res *Result) {
	importFuncFacts(pass, func(fn *types.Func, fact *PassesContext) {
		if res.passesContext == nil {
			res.passesContext = make(map[*types.Func]*PassesContext)
		}
		res.passesContext[fn] = fact
	})
	if IsExternal(pass) {
		return
	}
	for _, fn := range res.funcs.list {
		if fn.obj == nil {
			continue
		}
		if i := res.readPassesContext(fn); i >= 0 {
			exportObjectFact(pass, fn.obj, &PassesContext{Param: i})
		}
	}
}

// readPassesContext returns the index of the one context parameter that fn
// returns, unchanged or under context.WithValue, at every return, and never
// assigns; or -1.
func (r *Result) readPassesContext(fn *funcNode) int {
	if fn.body == nil || fn.typ == nil || fn.typ.Results == nil || fn.typ.Results.NumFields() != 1 {
		return -1
	}
	param, v := -1, (*types.Var)(nil)
	for i, p := range Params(r.info, fn.typ) {
		if p != nil && IsContext(p.Type()) {
			if v != nil {
				return -1 // two contexts: which one passes is no claim to make
			}
			param, v = i, p
		}
	}
	if v == nil {
		return -1
	}
	for range code.DefsOf(r.info, v) {
		return -1 // the parameter is reassigned
	}
	rets := returnsOf(fn.body)
	if len(rets) == 0 {
		return -1
	}
	for _, ret := range rets {
		if len(ret.Results) != 1 || !returnsContext(r.info, ret.Results[0], v) {
			return -1
		}
	}
	return param
}

// returnsContext reports whether e is v, or context.WithValue over such.
func returnsContext(info *types.Info, e ast.Expr, v *types.Var) bool {
	for range maxCtxChain {
		if code.VarOf(info, e) == v {
			return true
		}
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok || len(call.Args) != 3 {
			return false
		}
		if fn := code.Callee(info, call); fn == nil || fn.FullName() != "context.WithValue" {
			return false
		}
		e = call.Args[0]
	}
	return false
}
