package retryscope

import (
	"go/ast"
	"go/types"
	"regexp"
	"time"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A command builds its clients before it does its work: a constructor that
// reaches its dependency (an API discovery, a dial, a handshake) fails until
// that dependency is up. A start-up that builds them again a counted number
// of times with waits between is a readiness wait, like a probe under a time
// limit: the count and the waits bound the time it can take, every error means
// "not up yet" or a misconfiguration the command reports once the count runs
// out, and it runs once per invocation, so no other caller shares its load.
// The same loop in a request handler, or inside a worker's loop, runs again
// and again; a loop that does the command's work (an upload, a write) builds
// nothing and stays a retry.

// constructorName matches the names Go gives the functions that build a
// handle: New, NewManager, newClient, Dial, DialContext, Connect.
var constructorName = regexp.MustCompile(`^([Nn]ew|[Dd]ial|[Cc]onnect)([A-Z]|$)`)

// startUpWait caps the waits of a start-up wait summed over its rounds.
const startUpWait = time.Minute

// buildsClientsAtStart reports whether a loop region is a command's start-up
// wait for its clients: a command's code (Region.PacesOneProcess) at start-up
// (atStartUp), whose every attempt builds a handle (buildsHandle), with a
// constant count of rounds whose waits add up to at most startUpWait.
func (res *Result) buildsClientsAtStart(r *Region) bool {
	if !r.command || !res.atStartUp(r) {
		return false
	}
	builds := func(call *ast.CallExpr) bool { return buildsHandle(res.info, call) }
	if _, ok := res.RoundsAtMost(r); !ok || !res.everyAttemptIs(r, builds) {
		return false
	}
	total, ok := res.WaitTotalAtMost(r)
	return ok && total <= startUpWait
}

// atStartUp reports whether a region is a loop that can run once, as a
// start-up does: outside request handlers (servesRequests) and outside any
// other loop of its function (inOuterLoop).
func (res *Result) atStartUp(r *Region) bool {
	return r.Kind == LoopRegion && !res.inOuterLoop(r) && !res.servesRequests(r)
}

// buildsHandle reports whether call is a constructor (constructorName) whose
// results are a handle and an error: an interface other than error, or a
// pointer to a named type (cache.New(cfg, opts) (Cache, error),
// grpc.Dial(addr) (*ClientConn, error)). A func value named for one counts as
// it does for a probe: ctrl.NewManager is a package variable set to
// manager.New.
func buildsHandle(info *types.Info, call *ast.CallExpr) bool {
	name, sig := calledName(info, call)
	if sig == nil || !constructorName.MatchString(name) {
		return false
	}
	res := sig.Results()
	if res.Len() != 2 || !code.IsError(res.At(1).Type()) {
		return false
	}
	switch t := res.At(0).Type().(type) {
	case *types.Pointer:
		_, named := types.Unalias(t.Elem()).(*types.Named)
		return named
	default:
		return !code.IsError(t) && types.IsInterface(t)
	}
}

// calledName returns the name and signature of the function, method or func
// value (a variable, a field) a call calls.
func calledName(info *types.Info, call *ast.CallExpr) (string, *types.Signature) {
	if fn := code.Callee(info, call); fn != nil {
		return fn.Name(), fn.Signature()
	}
	var id *ast.Ident
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		id = f
	case *ast.SelectorExpr:
		id = f.Sel
	}
	v, isVar := info.Uses[id].(*types.Var)
	if id == nil || !isVar {
		return "", nil
	}
	sig, _ := v.Type().Underlying().(*types.Signature)
	return id.Name, sig
}

// inOuterLoop reports whether the region's loop runs inside another loop of
// its function.
func (res *Result) inOuterLoop(r *Region) bool {
	path := enclosingPath(res.files, r.Loop.Pos(), r.Loop.End())
	for _, n := range path {
		if n == r.Loop {
			continue
		}
		switch n.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			return n.Pos() < r.Loop.Pos() || n.End() > r.Loop.End()
		case *ast.FuncLit, *ast.FuncDecl:
			return false
		}
	}
	return false
}
