package retryscope

import (
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// Writes again on the same connection.
//
// A write that failed on a stream connection leaves the connection broken:
// a TCP connection that was reset or closed fails every later write, a TLS
// connection keeps its write error ("all future writes will return the same
// error"), and so do the websocket connections built on them. A loop that
// writes the same message again on the connection it already holds sends
// nothing new to the other system: it neither loads a server nor can
// succeed, and no wait or classification changes that. Its attempt counts as
// local for the rules about load on a dependency (Region.Remote).
//
// A connection is proved by its type: the method set has
// SetWriteDeadline(time.Time) error (net.Conn, *tls.Conn, websocket-like
// connections) and is not a packet connection (ReadFrom into a buffer: a
// failed UDP write says nothing of the next one). A write is a method of that
// type named Write… (not WriteTo…, which writes elsewhere) or Send…; setting
// its write deadline stays in the process. A call through an abstraction of the
// code (a message writer interface, a wrapper type) is judged by what its
// implementations do, in this package by a walk that reads those writes as
// staying in the process (stickyCheck), in another by its StickyWrites fact.
//
// The loop must not get another connection: every other reach of the code
// that runs again (a dial, a request, a pooled connection's factory) keeps the
// attempt remote, and so does a write whose connection the round assigns. A
// round that reads too (stickyStep) may hear the other system's answer.

// StickyWrites marks a function, or a method of an interface whose
// implementations its package shows, that reaches another system only
// through writes on connections it is handed (remote_stickyconn.go).
type StickyWrites struct{ Origin }

func (*StickyWrites) AFact() {}

func (*StickyWrites) String() string { return "only writes on connections" }

// writesOnlyOnConnections reports whether the region's attempt, and the rest
// of the code that runs again, reach another system only by writing on a
// connection that the round does not replace.
func (rc *remoteCheck) writesOnlyOnConnections(r *Region) bool {
	if r.Body == nil || !rc.mayWriteOnConnections() {
		return false
	}
	sc := rc.stickyCheck()
	if sc.regionOutcome(r).remote() || sc.nodeOutcome(r.Body).remote() {
		return false
	}
	return !replacesConnection(rc.pass.TypesInfo, r.Body)
}

// stickyCheck returns the walk that reads writes on connections as staying in
// the process, made on first use.
func (rc *remoteCheck) stickyCheck() *remoteCheck {
	if rc.sticky == nil {
		rc.sticky = newRemoteCheck(rc.pass, rc.res)
		rc.sticky.stickyConns, rc.sticky.impls = true, rc.impls
	}
	return rc.sticky
}

// mayWriteOnConnections reports whether the package calls a write on a
// connection or a function of another package marked StickyWrites: else no
// region or function of it can be quiet for that reason.
func (rc *remoteCheck) mayWriteOnConnections() bool {
	if rc.connWrites == nil {
		found := rc.writesOnConnections()
		rc.connWrites = &found
	}
	return *rc.connWrites
}

func (rc *remoteCheck) writesOnConnections() bool {
	info := rc.pass.TypesInfo
	for sel := range info.Selections {
		if connectionWrite(info, sel) {
			return true
		}
	}
	for _, obj := range info.Uses {
		if fn, ok := obj.(*types.Func); ok && rc.importedStickyWrite(fn) {
			return true
		}
	}
	return false
}

// writesOnConnection decides, for the sticky walk, a function it does not
// follow: a function or interface method of another package marked
// StickyWrites whose implementations this package adds nothing to. (A write
// on a connection is decided where it is called: connectionWriteAt.)
func (rc *remoteCheck) writesOnConnection(fn *types.Func) bool {
	if !rc.importedStickyWrite(fn) {
		return false
	}
	if !code.IsInterfaceMethod(fn) {
		return true
	}
	ix := rc.implIndex()
	return ix.complete && rc.onlyTypesOfFlowInto(fn, ix, fn.Pkg())
}

func (rc *remoteCheck) importedStickyWrite(fn *types.Func) bool {
	var f StickyWrites
	return fn.Pkg() != nil && fn.Pkg() != rc.pass.Pkg && importObjectFact(rc.pass, fn, &f)
}

// stickyStep decides, for the sticky walk, a reference the other walk would
// judge otherwise: a write on a connection stays in the process; a read (a
// method named Read…, Peek…, Scan… or Next…) reaches another system, since
// the reader may be the connection's (a bufio.Reader over it, which the
// other walk reads as local): a round that writes and reads an answer asks
// the other system again.
func (rc *remoteCheck) stickyStep(id *ast.Ident, fn *types.Func) (exposure, bool) {
	switch {
	case !rc.stickyConns:
		return 0, false
	case connectionWriteAt(rc.pass.TypesInfo, id):
		return 0, true
	case readsStream(fn):
		return anything, true
	}
	return 0, false
}

func readsStream(fn *types.Func) bool {
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return false
	}
	for _, prefix := range []string{"Read", "Peek", "Scan", "Next"} {
		if strings.HasPrefix(fn.Name(), prefix) {
			return true
		}
	}
	return false
}

// connectionWriteAt reports whether id names the method of a selector x.M
// that writes on the connection x or sets its write deadline.
func connectionWriteAt(info *types.Info, id *ast.Ident) bool {
	path := code.TreeOf(info).Enclosing(id)
	if len(path) < 2 {
		return false
	}
	sel, ok := path[1].(*ast.SelectorExpr)
	return ok && sel.Sel == id && connectionWrite(info, sel)
}

// connectionWrite reports whether sel, x.M, is a method that writes on the
// connection x or sets its write deadline. The type of x decides, not the
// method's receiver: a datagram connection's Write is promoted from the
// connection code its stream connections share.
func connectionWrite(info *types.Info, sel *ast.SelectorExpr) bool {
	s, ok := info.Selections[sel]
	if !ok || s.Kind() != types.MethodVal {
		return false
	}
	name := sel.Sel.Name
	writes := strings.HasPrefix(name, "Write") && !strings.HasPrefix(name, "WriteTo") || strings.HasPrefix(name, "Send")
	return (writes || name == "SetWriteDeadline") && isStreamConnection(s.Recv())
}

// isStreamConnection reports whether t has SetWriteDeadline(time.Time) error
// and reads no packets (ReadFrom into a byte slice).
func isStreamConnection(t types.Type) bool {
	set, _ := methodNamed(t, "SetWriteDeadline")
	if set == nil {
		return false
	}
	sig := set.Type().(*types.Signature)
	if sig.Params().Len() != 1 || !code.IsNamed(sig.Params().At(0).Type(), "time", "Time") ||
		sig.Results().Len() != 1 || !isErrorType(sig.Results().At(0).Type()) {
		return false
	}
	read, _ := methodNamed(t, "ReadFrom")
	if read == nil {
		return true
	}
	params := read.Type().(*types.Signature).Params()
	if params.Len() == 0 {
		return true
	}
	_, packet := params.At(0).Type().Underlying().(*types.Slice)
	return !packet
}

// methodNamed returns the method of t or *t by name, or nil.
func methodNamed(t types.Type, name string) (*types.Func, bool) {
	if _, ok := t.Underlying().(*types.Pointer); !ok && !types.IsInterface(t) {
		t = types.NewPointer(t)
	}
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, name)
	fn, ok := obj.(*types.Func)
	return fn, ok
}

// replacesConnection reports whether body calls a write on a connection that
// it assigns: the variable the connection is read from, or a field on the way
// to it (a connection taken from a pool or dialed afresh each round).
func replacesConnection(info *types.Info, body ast.Node) bool {
	found := false
	code.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found {
			return !found
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok || !connectionWrite(info, sel) {
			return true
		}
		for e := sel.X; e != nil && !found; {
			switch x := ast.Unparen(e).(type) {
			case *ast.Ident:
				found, e = connAssignedIn(info, body, info.Uses[x]), nil
			case *ast.SelectorExpr:
				found, e = connAssignedIn(info, body, info.Uses[x.Sel]), x.X
			default:
				e = nil
			}
		}
		return !found
	})
	return found
}

func connAssignedIn(info *types.Info, body ast.Node, obj types.Object) bool {
	v, ok := obj.(*types.Var)
	return ok && code.AssignedIn(info, body, v)
}

// exportStickyWrites marks the package's functions and interface methods
// that reach another system only by writing on connections (StickyWrites),
// so that a loop of another package calling them is judged as one here.
func exportStickyWrites(pass *analysis.Pass, res *Result) {
	if len(pass.Files) == 0 || IsExternal(pass) {
		return
	}
	rc := res.remoteCheck(pass)
	if !rc.mayWriteOnConnections() {
		return
	}
	sc := rc.stickyCheck()
	for _, fn := range res.funcs.list {
		if fn.obj != nil && rc.root(fn).remote() && !sc.root(fn).remote() {
			exportObjectFact(pass, fn.obj, &StickyWrites{})
		}
	}
	for _, m := range interfaceMethods(pass) {
		if rc.funcOutcome(m).remote() && !sc.funcOutcome(m).remote() {
			exportObjectFact(pass, m, &StickyWrites{})
		}
	}
}

// interfaceMethods returns the methods declared by the package's interfaces
// outside test files.
func interfaceMethods(pass *analysis.Pass) []*types.Func {
	var out []*types.Func
	for _, name := range pass.Pkg.Scope().Names() {
		tn, ok := pass.Pkg.Scope().Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() || code.IsTestFile(pass.Fset, tn.Pos()) {
			continue
		}
		iface, ok := tn.Type().Underlying().(*types.Interface)
		if !ok {
			continue
		}
		for i := range iface.NumExplicitMethods() {
			out = append(out, iface.ExplicitMethod(i))
		}
	}
	return out
}
