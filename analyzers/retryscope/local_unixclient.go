package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// An HTTP client that dials only unix sockets stays on this machine.
//
// Whatever URL a request names, a transport whose dial function reaches
// only unix sockets (DialsOnlyUnix) connects to a process of the same host
// (local IPC), like a request to a loopback URL (remote_localhttp.go). The
// client must be in sight: an http.Client literal in the function, a local
// variable defined once with one and used for nothing but its methods, or
// the result of a function of the package every return of which is such a
// client. Its Transport is an http.Transport literal there (or a local
// variable defined once with one and only put in a literal's field) with a
// DialContext or Dial that dials only unix sockets, and no DialTLS,
// DialTLSContext or Proxy of its own (UnixTransportLit). A dial that passes
// on the address it is given, or dials TCP on some path, keeps the send
// remote.

// unixDial reports whether id names the function of a call that dials only
// unix sockets (net.Dial("unix", path), net.DialUnix): a connection to a
// process of this machine, as the dial function of a unix-only transport
// makes it.
func (rc *remoteCheck) unixDial(id *ast.Ident) bool {
	call := code.CallNaming(rc.pass.TypesInfo, id)
	return call != nil && DialsOnlyUnix(rc.pass.TypesInfo, call)
}

// maxClientDepth bounds the helpers followed to a client's construction.
const maxClientDepth = 4

// unixClient reports whether e, an *http.Client or http.Client, dials only
// unix sockets.
func (rc *remoteCheck) unixClient(e ast.Expr, depth int) bool {
	if depth > maxClientDepth {
		return false
	}
	info := rc.pass.TypesInfo
	switch x := ast.Unparen(e).(type) {
	case *ast.UnaryExpr:
		return x.Op == token.AND && rc.unixClient(x.X, depth)
	case *ast.CompositeLit:
		if !code.IsNamed(info.TypeOf(x), "net/http", "Client") {
			return false
		}
		t := code.KeyedValue(x, "Transport")
		return t != nil && rc.unixTransport(t)
	case *ast.Ident:
		val, ok := rc.soleValue(x, sentThrough)
		return ok && rc.unixClient(val, depth)
	case *ast.CallExpr:
		return rc.builtUnixClient(x, depth)
	}
	return false
}

// builtUnixClient reports whether call, of a function of the package with
// one result, returns a unix-only client on every return.
func (rc *remoteCheck) builtUnixClient(call *ast.CallExpr, depth int) bool {
	return rc.res.everyReturnIs(call, func(e ast.Expr) bool { return rc.unixClient(e, depth+1) })
}

// unixTransport reports whether e is an http.Transport literal, or its
// address, that dials only unix sockets, directly or through a local
// variable defined once with it and only put in a literal's field.
func (rc *remoteCheck) unixTransport(e ast.Expr) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.UnaryExpr:
		return x.Op == token.AND && rc.unixTransport(x.X)
	case *ast.Ident:
		val, ok := rc.soleValue(x, handedToLiteral)
		return ok && rc.unixTransport(val)
	case *ast.CompositeLit:
		return UnixTransportLit(rc.pass.TypesInfo, x)
	}
	return false
}

// soleValue returns the value a local variable is declared with (v := e,
// var v = e) when that is its only assignment and use accepts every other
// mention of it: what the variable holds where it is read is then that value,
// unchanged.
func (rc *remoteCheck) soleValue(id *ast.Ident, use func(info *types.Info, path []ast.Node) bool) (ast.Expr, bool) {
	info := rc.pass.TypesInfo
	v, ok := info.Uses[id].(*types.Var)
	if !ok || v.Pkg() == nil || v.Parent() == nil || v.Parent() == v.Pkg().Scope() || v.IsField() {
		return nil, false
	}
	d, ok := code.SoleDef(info, v)
	if !ok || d.Value == nil || d.Func == nil || !d.ByName() || (d.Op != token.DEFINE && d.Op != token.VAR) {
		return nil, false
	}
	if _, tuple := info.TypeOf(d.Value).(*types.Tuple); tuple {
		return nil, false
	}
	t := code.TreeOf(info)
	fine := true
	t.Inspect(d.Func, []ast.Node{(*ast.Ident)(nil)}, func(n ast.Node) bool {
		if n != ast.Node(d.Lhs) && info.Uses[n.(*ast.Ident)] == v {
			fine = fine && use(info, t.Enclosing(n))
		}
		return fine
	})
	return d.Value, fine
}

// sentThrough accepts a mention of a client variable that calls a net/http
// method on it (c.Post(...)) or returns it: neither changes its transport.
func sentThrough(info *types.Info, path []ast.Node) bool {
	if len(path) < 2 {
		return false
	}
	switch p := path[1].(type) {
	case *ast.SelectorExpr:
		s := info.Selections[p]
		return s != nil && s.Kind() == types.MethodVal && code.IsNamed(s.Recv(), "net/http", "Client")
	case *ast.ReturnStmt:
		return true
	}
	return false
}

// handedToLiteral accepts a mention of a transport variable that is the value
// of a keyed field of a composite literal (http.Client{Transport: tr}).
func handedToLiteral(_ *types.Info, path []ast.Node) bool {
	if len(path) < 3 {
		return false
	}
	kv, ok := path[1].(*ast.KeyValueExpr)
	if !ok || kv.Value != path[0] {
		return false
	}
	_, ok = path[2].(*ast.CompositeLit)
	return ok
}
