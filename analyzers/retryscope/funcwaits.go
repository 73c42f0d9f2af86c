package retryscope

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A call through a func value (a variable, field or parameter of func type)
// runs code the analysis cannot see: `var sleep = time.Sleep` swapped in tests,
// a pause or notify hook, a rate limiter handed in. When such a call returns no
// error, or one whose failure only ends the loop (funcwaits_stoponly.go), it is
// not the attempt and it may wait: it is a wait of unknown kind and length
// (WaitOther without a Duration), so the loop is not claimed to "try again at
// once", and nothing is claimed about how long it waits. Another that returns
// an error is taken for the attempt, unless it is a policy's verdict on
// the failure (verdict_policy.go), which may wait too. A call whose result
// the code goes on to use as a receiver (log.G(ctx).Warnf(...)) is a Getter:
// a hook that pauses is called for its effect, one that hands back a value
// to act on is no pause, so the wait totals count it as 0; it stays a wait
// of unknown length for the claim that a loop tries again at once.

// funcValueWait returns the unknown wait of a call through a func value, or nil.
func (f *flow) funcValueWait(l *loop, call *ast.CallExpr) *Wait {
	if tv, ok := f.info.Types[call.Fun]; !ok || !tv.IsValue() {
		return nil // a conversion or a builtin
	}
	switch fun := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		if _, ok := f.info.Uses[fun].(*types.Var); !ok {
			return nil
		}
	case *ast.SelectorExpr:
		if s, ok := f.info.Selections[fun]; !ok || s.Kind() != types.FieldVal {
			if _, isVar := f.info.Uses[fun.Sel].(*types.Var); !isVar {
				return nil // a method or a package-level function
			}
		}
	default:
		return nil
	}
	sig, ok := code.Underlying(f.info, call.Fun).(*types.Signature)
	if !ok {
		return nil
	}
	for v := range sig.Results().Variables() {
		if isErrorType(v.Type()) && !f.stopsOnlyOnError(l, call) {
			return nil // funcwaits_stoponly.go
		}
	}
	if transportMiddleware(sig) {
		return nil
	}
	return &Wait{Kind: WaitOther, At: call, Call: call, Getter: receiverOfSelector(f.info, call)}
}

// receiverOfSelector reports whether the value of call is the operand of a
// selector: a method called on it or a field read from it.
func receiverOfSelector(info *types.Info, call *ast.CallExpr) bool {
	path := code.TreeOf(info).Enclosing(call)
	for i := 1; i < len(path); i++ {
		switch p := path[i].(type) {
		case *ast.ParenExpr:
			continue
		case *ast.SelectorExpr:
			return ast.Unparen(p.X) == call
		}
		return false
	}
	return false
}

// transportMiddleware reports whether a func value's signature is that of a
// transport middleware: it takes a RoundTripper and returns one, and nothing
// else. It builds what the attempt sends with; whatever the wrapper waits
// for, it waits inside RoundTrip, in the send, not between attempts.
func transportMiddleware(sig *types.Signature) bool {
	return sig.Results().Len() == 1 && sig.Params().Len() == 1 &&
		isRoundTripper(sig.Results().At(0).Type()) && isRoundTripper(sig.Params().At(0).Type())
}

// isRoundTripper reports whether t has net/http's RoundTrip method.
func isRoundTripper(t types.Type) bool {
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, "RoundTrip")
	fn, ok := obj.(*types.Func)
	if !ok {
		return false
	}
	sig := fn.Type().(*types.Signature)
	return sig.Params().Len() == 1 && code.IsNamed(sig.Params().At(0).Type(), "net/http", "Request")
}
