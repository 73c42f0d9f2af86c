package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// NeverFails marks a function whose error result is nil on every return
// (neverFails): a call of it from another package cannot fail either.
type NeverFails struct{ Origin }

func (*NeverFails) AFact() {}

func (*NeverFails) String() string { return "never fails" }

// nofailState is neverFails' memo: judging, then the answer.
type nofailState int8

const (
	nofailJudging nofailState = iota + 1
	nofailNo
	nofailYes
)

// neverFails reports whether a call of fn always returns a nil error: fn
// ends in an error result, and every return of its body (nested literals
// aside) gives it the untyped nil, a call of a function that never fails, or
// a local error variable that only such values and such calls ever assign
// (named results included, for a bare return). A function of another
// package is read by its NeverFails fact. Its own calls stay in the process
// (waitsOnNothing): a function that calls out and drops the error is left
// as ever. A call the knowledge base knows
// reaches another system (a client, a driver, a self-retrying call) may
// fail, whatever the body seen. A function out of reach (an
// interface method, a function value, a library without facts), a recursion
// and a variable assigned inside a literal or through a pointer may fail: an
// attempt that calls one is judged as ever.
func (res *Result) neverFails(pass *analysis.Pass, fn *types.Func) bool {
	if fn == nil || !endsInError(fn) || isInterfaceMethod(fn) {
		return false
	}
	fn = fn.Origin()
	if res.remoteCheck(pass).known(fn) == reachesRemote {
		return false // the knowledge base's client calls fail, whatever a stub of them says
	}
	if fn.Pkg() != pass.Pkg {
		var f NeverFails
		return importObjectFact(pass, fn, &f)
	}
	switch res.nofail[fn] {
	case nofailYes:
		return true
	case nofailNo, nofailJudging:
		return false
	}
	if res.nofail == nil {
		res.nofail = make(map[*types.Func]nofailState)
	}
	res.nofail[fn] = nofailJudging
	node := res.funcs.byObj[fn]
	ok := node != nil && node.body != nil && res.returnsNilErrors(pass, node) && res.waitsOnNothing(pass, node)
	res.nofail[fn] = nofailNo
	if ok {
		res.nofail[fn] = nofailYes
	}
	return ok
}

func endsInError(fn *types.Func) bool {
	res := fn.Type().(*types.Signature).Results()
	return res.Len() > 0 && code.IsError(res.At(res.Len()-1).Type())
}

// returnsNilErrors reports whether every return of fn's own body gives its
// error result a value that is always nil.
func (res *Result) returnsNilErrors(pass *analysis.Pass, fn *funcNode) bool {
	results := fn.obj.Type().(*types.Signature).Results()
	last := results.At(results.Len() - 1)
	ok := true
	code.Inspect(fn.body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			switch len(n.Results) {
			case 0:
				ok = ok && res.alwaysNilVar(pass, fn, last)
			case results.Len():
				ok = ok && res.alwaysNil(pass, fn, n.Results[len(n.Results)-1])
			default:
				// return f(): the callee's own results
				call, isCall := ast.Unparen(n.Results[0]).(*ast.CallExpr)
				ok = ok && len(n.Results) == 1 && isCall && res.neverFails(pass, code.Callee(pass.TypesInfo, call))
			}
		}
		return ok
	})
	return ok
}

// waitsOnNothing reports whether fn's own code, outside the goroutines it
// starts, stays in the process: every function it calls or hands on (a
// literal handed to sync.Once.Do runs now) is one that never fails (any
// package), one of the package whose own code stays in the process, or one
// the remote check finds local, and so is every call through a value. Work
// started with go is not the call's result: it cannot make the call fail.
func (res *Result) waitsOnNothing(pass *analysis.Pass, fn *funcNode) bool {
	rc := res.remoteCheck(pass)
	info := pass.TypesInfo
	ok := true
	code.Inspect(fn.body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.GoStmt:
			return false
		case *ast.Ident:
			if callee, isFunc := info.Uses[n].(*types.Func); isFunc {
				own := callee.Pkg() == pass.Pkg && res.funcs.byObj[callee.Origin()] != nil
				ok = ok && (res.neverFails(pass, callee) || own && res.waitsOnNothingFunc(pass, callee) ||
					!own && !rc.funcOutcome(callee).remote() ||
					isInterfaceMethod(callee) && onInProcessValue(info, n))
			}
		case *ast.CallExpr:
			ok = ok && (!rc.dynamicCall(n) || !rc.dynamicOutcome(n).remote())
		}
		return ok
	})
	return ok
}

// waitsOnNothingFunc is waitsOnNothing for a function of the package, judged
// once (a recursion may wait).
func (res *Result) waitsOnNothingFunc(pass *analysis.Pass, fn *types.Func) bool {
	fn = fn.Origin()
	if v, ok := res.syncLocal[fn]; ok {
		return v
	}
	if res.syncLocal == nil {
		res.syncLocal = make(map[*types.Func]bool)
	}
	res.syncLocal[fn] = false
	node := res.funcs.byObj[fn]
	v := node.body != nil && res.waitsOnNothing(pass, node)
	res.syncLocal[fn] = v
	return v
}

// alwaysNil reports whether an error expression of fn is nil whenever it is
// returned.
func (res *Result) alwaysNil(pass *analysis.Pass, fn *funcNode, e ast.Expr) bool {
	info := pass.TypesInfo
	e = ast.Unparen(e)
	if tv, ok := info.Types[e]; ok && tv.IsNil() {
		return true
	}
	switch e := e.(type) {
	case *ast.CallExpr:
		return res.neverFails(pass, code.Callee(info, e))
	case *ast.Ident:
		v, ok := info.Uses[e].(*types.Var)
		return ok && res.alwaysNilVar(pass, fn, v)
	}
	return false
}

// alwaysNilVar reports whether a local error variable of fn (a result or a
// variable of its body, no parameter) only ever holds nil: every assignment
// is in fn's own body, by name, of nil or of a call that never fails, and
// nothing takes its address.
func (res *Result) alwaysNilVar(pass *analysis.Pass, fn *funcNode, v *types.Var) bool {
	info := pass.TypesInfo
	if v == nil || v.Pkg() != pass.Pkg || !code.IsError(v.Type()) || v.Pos() < fn.node.Pos() || v.Pos() >= fn.node.End() || isParam(fn, v) {
		return false
	}
	for _, d := range code.DefsOf(info, v) {
		switch {
		case d.Func != fn.node || !d.ByName():
			return false
		case d.Value == nil && d.Op == token.VAR:
		case d.Value == nil || !d.Replaces() || !lastOfTuple(d):
			return false
		case !res.alwaysNil(pass, fn, d.Value):
			return false
		}
	}
	return !addressTaken(info, fn.body, v)
}

// lastOfTuple reports whether an assignment from a call of several results
// (w, err := open()) gives the variable the call's last result, the error.
func lastOfTuple(d code.Def) bool {
	as, ok := d.Stmt.(*ast.AssignStmt)
	if !ok || len(as.Rhs) != 1 || len(as.Lhs) == 1 {
		return true
	}
	return as.Lhs[len(as.Lhs)-1] == d.Lhs
}

// isParam reports whether v is a parameter or the receiver of fn.
func isParam(fn *funcNode, v *types.Var) bool {
	sig := fn.obj.Type().(*types.Signature)
	if sig.Recv() == v {
		return true
	}
	for p := range sig.Params().Variables() {
		if p == v {
			return true
		}
	}
	return false
}

// addressTaken reports whether &v appears in body.
func addressTaken(info *types.Info, body ast.Node, v *types.Var) bool {
	found := false
	code.Inspect(body, func(n ast.Node) bool {
		if u, ok := n.(*ast.UnaryExpr); ok && u.Op == token.AND && code.VarOf(info, u.X) == v {
			found = true
		}
		return !found
	})
	return found
}

// exportNeverFails exports NeverFails for the package's declared functions
// that never fail, for the attempts of other packages that call them.
func exportNeverFails(pass *analysis.Pass, res *Result) {
	if len(pass.Files) == 0 || IsExternal(pass) {
		return
	}
	for _, fn := range res.funcs.list {
		if fn.obj != nil && res.neverFails(pass, fn.obj) {
			exportObjectFact(pass, fn.obj, &NeverFails{})
		}
	}
}
