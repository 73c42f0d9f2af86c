package retryscope

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// SleepsIn returns the time.Sleep calls of a body (not of nested literals), as
// waits; the rules use it for retry callbacks, whose waits belong to the helper.
func SleepsIn(info *types.Info, body ast.Node) []*Wait {
	var out []*Wait
	if body == nil {
		return nil
	}
	walkBody(info, body, callKinds, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if isSleep(code.Callee(info, call)) && len(call.Args) == 1 {
				out = append(out, &Wait{Kind: WaitSleep, At: call, Call: call, Duration: call.Args[0]})
			}
		}
		return true
	})
	return dropZero(info, out)
}

// isSleep reports whether fn is a sleep of package time (timeWaits).
func isSleep(fn *types.Func) bool {
	if fn == nil {
		return false
	}
	tw, ok := timeWaits[fn.FullName()]
	return ok && tw.kind == WaitSleep
}
