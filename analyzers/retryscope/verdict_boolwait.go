package retryscope

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A lone-bool verdict method. A loop that leaves when a method of an
// interface of its package answers a bool alone (if err == nil ||
// !p.Attempt(q) { return err }) obeys whatever implementation it is handed:
// a retry policy of the package that sleeps before it answers "again" is
// the loop's wait. When an implementation of the package waits (a sleep, a
// timer, a select without a default), or the package cannot show them all
// (an exported interface a user implements), the call may wait: a wait of
// unknown kind and length, as a func value's (funcwaits.go), so the loop is
// not claimed to try again at once. When the package shows every
// implementation and none waits, the call is no wait. Their bounds are the
// loop's as any stop signal's are (wait_stops.go).

// verdictMethodWait returns the unknown wait of such a call, or nil.
func (f *flow) verdictMethodWait(l *loop, call *ast.CallExpr, fn *types.Func) *Wait {
	if !code.IsInterfaceMethod(fn) || fn.Pkg() != f.pass.Pkg || !f.leavesOnCall(l, call) {
		return nil
	}
	res := fn.Signature().Results()
	if res.Len() != 1 || !code.IsBoolean(res.At(0).Type()) {
		return nil
	}
	impls := f.res.remoteCheck(f.pass).implementations(fn)
	waits := impls == nil
	for _, m := range impls {
		if impl := f.res.funcs.byObj[m.Origin()]; impl == nil || impl.body == nil || waitsInside(f.info, impl) {
			waits = true
		}
	}
	if !waits {
		return nil
	}
	return &Wait{Kind: WaitOther, At: call, Call: call}
}

// leavesOnCall reports whether call stands in the condition of an if of the
// loop whose body ends by leaving it.
func (f *flow) leavesOnCall(l *loop, call *ast.CallExpr) bool {
	found := false
	code.Inspect(loopBody(l.stmt), func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			last := len(n.Body.List) - 1
			if n.Cond.Pos() <= call.Pos() && call.End() <= n.Cond.End() && last >= 0 && leaves(n.Body.List[last]) {
				found = true
			}
		}
		return !found
	})
	return found
}
