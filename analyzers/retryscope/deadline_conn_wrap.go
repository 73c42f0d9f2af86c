package retryscope

import (
	"go/ast"
	"go/constant"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// Two more shapes of a connection whose reads end. A wrapper's Read may arm
// a timer that closes the connection after d instead of setting a deadline
// (t := time.AfterFunc(d, func() { c.Close() }) before it reads, stopped
// after): a silent server then fails the read when the timer closes the
// connection, as with a read deadline. And a dial function may hand a
// bounded connection to a wrapper of another package that takes the
// connection as its first argument (tls.Client(conn, cfg)): the wrapper
// reads through the connection it was given, so its reads end when the
// inner ones do. The bounded connection may come from a function literal
// the dial function calls through a local variable (conn, err :=
// dial(ctx, network, addr)).

// armsCloseTimer reports whether statement s arms, whenever it runs, a
// timer that closes something after d: time.AfterFunc(d, f) with f a
// function literal that calls a Close method, as a statement or assigned,
// and d a duration that bounds (boundingDuration).
func armsCloseTimer(info *types.Info, s ast.Stmt) bool {
	call, ok := ast.Unparen(code.StmtValue(s)).(*ast.CallExpr)
	if !ok || len(call.Args) != 2 || !code.IsObject(code.Callee(info, call), "time", "AfterFunc") {
		return false
	}
	f, ok := ast.Unparen(call.Args[1]).(*ast.FuncLit)
	return ok && boundingDuration(info, call.Args[0]) && callsMethodNamed(info, f.Body, "Close")
}

// boundingDuration reports whether d, a deadline's or a timer's duration, is
// not always 0 nor a constant that is not positive (a configured value
// counts: 0 there is the caller's choice).
func boundingDuration(info *types.Info, d ast.Expr) bool {
	if code.AlwaysZero(info, d) {
		return false
	}
	v := info.Types[d].Value
	return v == nil || constant.Sign(v) > 0
}

// wrappedConn returns the connection a call of another package's function
// or method wraps, its first argument when its first parameter is a
// net.Conn and its first result has a Read method (tls.Client(conn, cfg));
// nil otherwise.
func (res *Result) wrappedConn(call *ast.CallExpr) ast.Expr {
	fn := code.Callee(res.info, call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg() == res.pkg || len(call.Args) == 0 {
		return nil
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Params().Len() == 0 || sig.Results().Len() == 0 || !code.IsNamed(sig.Params().At(0).Type(), "net", "Conn") {
		return nil
	}
	if obj, _, _ := types.LookupFieldOrMethod(sig.Results().At(0).Type(), true, nil, "Read"); obj == nil {
		return nil
	}
	return call.Args[0]
}

// localDialLit returns the function literal a call's function is when it
// is a local variable assigned once, to a literal (dial := func(…)
// (net.Conn, error) {…}); nil otherwise.
func (res *Result) localDialLit(fun ast.Expr) *ast.FuncLit {
	v := code.VarOf(res.info, fun)
	if v == nil || v.Parent() == res.pkg.Scope() {
		return nil
	}
	d, ok := code.SoleDef(res.info, v)
	if !ok || d.Value == nil {
		return nil
	}
	lit, _ := ast.Unparen(code.FuncValue(res.info, d.Value)).(*ast.FuncLit)
	return lit
}
