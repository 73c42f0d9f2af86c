package retryscope

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// stopReceive reports whether a select case receives, dropping the value,
// from a channel that StopChannelInReach would name a stop: a parameter, or
// a variable or field the package closes elsewhere, never read for data,
// whose closing is shown to mean stop. Its element type does not matter: a
// stop said by closing a chan bool is heard as one on a chan struct{} is, and
// a region that checks it before each wait notices it within one wait.
func (res *Result) stopReceive(comm ast.Stmt) bool {
	x, kept := receivedChan(comm)
	if x == nil || kept {
		return false
	}
	v, ok := code.Assigned(res.info, x).(*types.Var)
	if !ok {
		return false
	}
	decl, holder := enclosingFuncs(res.info, comm)
	return res.isStopChan(decl, holder, v, v.Kind() == types.ParamVar) && res.meansStop(v)
}
