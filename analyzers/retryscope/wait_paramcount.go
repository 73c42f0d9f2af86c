package retryscope

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A loop whose count is a parameter (for i := 0; i < maxRetries; i++, or
// for i := range tries) goes round as often as its callers ask. When the
// function is one only its own package can call (an unexported name, never
// used as a value, no interface of the package naming a method like it) and
// every call passes a constant there, the largest of them caps the rounds:
// the count is the package's, written at the call instead of in the loop.

// callerCeiling returns the largest constant the calls of r's function pass
// for the parameter e names, when every call of the package passes one.
func (res *Result) callerCeiling(r *Region, e ast.Expr) (constant.Value, bool) {
	fd, isDecl := r.Func.(*ast.FuncDecl)
	if operand, converted := code.SignedOperand(res.info, e); converted {
		e = operand // for i := range time.Duration(tries)
	}
	id, isIdent := ast.Unparen(e).(*ast.Ident)
	if !isDecl || !isIdent || fd.Body == nil {
		return nil, false
	}
	v, _ := res.info.Uses[id].(*types.Var)
	k := slices.Index(Params(res.info, fd.Type), v)
	fn, _ := res.info.Defs[fd.Name].(*types.Func)
	if v == nil || k < 0 || fn == nil || !res.onlyCalledHere(fn) || code.AssignedIn(res.info, fd.Body, v) {
		return nil, false
	}
	var most constant.Value
	for _, call := range res.callsNaming(fn) {
		if call.Ellipsis.IsValid() || k >= len(call.Args) {
			return nil, false
		}
		n, ok := code.AtMost(res.info, call.Args[k])
		if !ok {
			return nil, false
		}
		if most == nil || constant.Compare(n, token.GTR, most) {
			most = n
		}
	}
	return most, most != nil
}

// onlyCalledHere reports whether fn can only be called by name from its
// own package: unexported, and no interface of the package has a method of
// that name, through which another value could be called.
func (res *Result) onlyCalledHere(fn *types.Func) bool {
	if fn.Exported() {
		return false
	}
	if fn.Signature().Recv() == nil {
		return true
	}
	for _, obj := range res.info.Defs {
		m, ok := obj.(*types.Func)
		if ok && m != fn && m.Name() == fn.Name() && m.Signature().Recv() != nil && types.IsInterface(m.Signature().Recv().Type()) {
			return false
		}
	}
	return true
}

// callerLimit reads a loop limit as callerCeiling does, as an integer.
func (res *Result) callerLimit(r *Region) func(ast.Expr) (int64, bool) {
	return func(e ast.Expr) (int64, bool) {
		v, ok := res.callerCeiling(r, e)
		if !ok {
			return 0, false
		}
		return constant.Int64Val(constant.ToInt(v))
	}
}

// rangeAttempts caps the rounds of for i := range n by the largest n the
// code gives (code.AtMost) or every call of the function passes.
func (res *Result) rangeAttempts(r *Region, rs *ast.RangeStmt) (int, bool) {
	if !code.IsInteger(res.info.TypeOf(rs.X)) {
		return 0, false
	}
	v, ok := code.AtMost(res.info, rs.X)
	if !ok {
		v, ok = res.callerCeiling(r, rs.X)
	}
	if !ok {
		return 0, false
	}
	n, exact := constant.Int64Val(constant.ToInt(v))
	if !exact || n < 1 || n > 1<<30 {
		return 0, false
	}
	return int(n), true
}
