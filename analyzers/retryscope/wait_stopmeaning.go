package retryscope

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// Closing a channel says that something happened, not always "stop": a
// channel closed when a connection comes up or a peer first answers is a
// readiness signal, and a wait that watched it would end early for the wrong
// reason. So a channel in reach is named as the stop a wait ignores only with
// proof of what its closing means: its name says stop (stop, quit, done,
// closing, shutdown, cancel: stopFlagName), or the package leaves when it
// fires (a select case on it whose body returns). A package that goes on
// with its work when it fires (case <-ready: start syncing) shows a
// readiness signal, and a name like ready or alive shows nothing.

// meansStop reports whether the channel v is proven to say stop.
func (res *Result) meansStop(v *types.Var) bool {
	return stopFlagName.MatchString(v.Name()) || res.leavesOnReceive(v)
}

// leavesOnReceive reports whether a select of the package has a case that
// receives from v, drops the value, and returns.
func (res *Result) leavesOnReceive(v *types.Var) bool {
	found := false
	for _, f := range res.files {
		code.Inspect(f, func(n ast.Node) bool {
			cc, ok := n.(*ast.CommClause)
			if ok && cc.Comm != nil && leavesFunc(cc.Body) {
				ch, kept := receivedChan(cc.Comm)
				found = ch != nil && !kept && code.Assigned(res.info, ch) == v
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}
