package httptimeout

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// An option applier behind an interface (opts.Apply(client)) or a hook the
// caller passes (configure(client)) runs code out of reach: it may set the
// client's Timeout, as option appliers do to the client their caller built.
// Nothing proves the client has none, so it is not reported.

// configuredOutOfReach reports whether call hands its argument i, a pointer
// to the tracked client, to an interface method or a func value of a
// parameter or a field (a package's own func variables are in reach).
func (c *checker) configuredOutOfReach(call *ast.CallExpr, i int) bool {
	if _, isPtr := c.info.TypeOf(call.Args[i]).Underlying().(*types.Pointer); !isPtr {
		return false // a copy: what the callee sets is not the client sent with
	}
	if fn := code.Callee(c.info, call); fn != nil {
		return code.IsInterfaceMethod(fn)
	}
	v := code.VarOf(c.info, call.Fun) // a hook the caller passes, or one a field holds
	if v == nil {
		return false
	}
	_, param := code.ParamOf(c.info, v)
	return param >= 0 || v.IsField()
}
