package retryscope

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// An HTTP request to this machine stays on it.
//
// A request whose URL names a loopback or link-local host written in the
// code (LocalURL) reaches a process of the same host or the host's own agent:
// no shared dependency across a network that a crowd of retrying callers
// could overload (local_host.go). So the net/http calls that make, send and
// read such a request are local steps of a walk: building it
// (http.NewRequest with a local URL), sending it (Client.Do of such a
// request, Get, Head, Post or PostForm of a local URL, of a client or of the
// package), reading the body of the response such a send returned, and
// setting its headers (http.Header is a map). A request whose URL the code
// does not fix keeps the send remote.

// localHTTP reports whether id, a reference to fn, is one of those calls.
func (rc *remoteCheck) localHTTP(id *ast.Ident, fn *types.Func) bool {
	if isHeaderMethod(fn) {
		return true
	}
	info := rc.pass.TypesInfo
	path := code.TreeOf(info).Enclosing(id)
	if len(path) < 3 {
		return false
	}
	sel, ok := path[1].(*ast.SelectorExpr)
	if !ok || sel.Sel != id {
		return false
	}
	if call, ok := path[2].(*ast.CallExpr); ok && call.Fun == sel && rc.localHTTPCall(fn, call) {
		return true
	}
	return responseBody(info, sel.X) && rc.localResponse(ast.Unparen(sel.X).(*ast.SelectorExpr).X)
}

// localHTTPCall reports whether call, of fn, builds or sends a request to a
// local URL, or sends one through a client that dials only unix sockets
// (local_unixclient.go).
func (rc *remoteCheck) localHTTPCall(fn *types.Func, call *ast.CallExpr) bool {
	if rc.sentByUnixClient(fn, call) {
		return true
	}
	if k, ok := urlArgs[fn.FullName()]; ok {
		return k < len(call.Args) && rc.localURLs().Local(call.Args[k])
	}
	if k, ok := requestArgs[fn.FullName()]; ok {
		return k < len(call.Args) && rc.localRequest(call.Args[k])
	}
	return false
}

// sentByUnixClient reports whether call, of fn, is a send of an
// http.Client that dials only unix sockets.
func (rc *remoteCheck) sentByUnixClient(fn *types.Func, call *ast.CallExpr) bool {
	_, sends := requestArgs[fn.FullName()]
	if _, ok := urlArgs[fn.FullName()]; !ok && !sends {
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	s := rc.pass.TypesInfo.Selections[sel]
	return s != nil && s.Kind() == types.MethodVal && rc.unixClient(sel.X, 0)
}

// urlArgs are the net/http functions that take a URL, by its argument.
var urlArgs = map[string]int{
	"net/http.NewRequest": 1, "net/http.NewRequestWithContext": 2,
	"net/http.Get": 0, "net/http.Head": 0, "net/http.Post": 0, "net/http.PostForm": 0,
	"(*net/http.Client).Get": 0, "(*net/http.Client).Head": 0,
	"(*net/http.Client).Post": 0, "(*net/http.Client).PostForm": 0,
}

// requestArgs are the net/http functions that send a request, by its
// argument.
var requestArgs = map[string]int{"(*net/http.Client).Do": 0}

// localRequest reports whether e is a request to a local URL: built by
// http.NewRequest or NewRequestWithContext, directly or in a local variable
// defined once (req, err := http.NewRequest(...)).
func (rc *remoteCheck) localRequest(e ast.Expr) bool {
	call, ok := rc.definedBy(e)
	if !ok {
		return false
	}
	fn := code.Callee(rc.pass.TypesInfo, call)
	return fn != nil && isNewRequest(fn) && rc.localHTTPCall(fn, call)
}

// localResponse reports whether e is a response that a send to a local URL
// returned, held in a local variable defined once.
func (rc *remoteCheck) localResponse(e ast.Expr) bool {
	call, ok := rc.definedBy(e)
	if !ok {
		return false
	}
	fn := code.Callee(rc.pass.TypesInfo, call)
	return fn != nil && !isNewRequest(fn) && rc.localHTTPCall(fn, call)
}

// definedBy returns the call e is, or that the local variable e names holds
// wherever it is read.
func (rc *remoteCheck) definedBy(e ast.Expr) (*ast.CallExpr, bool) {
	switch x := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		return x, true
	case *ast.Ident:
		if v, ok := rc.pass.TypesInfo.Uses[x].(*types.Var); ok {
			return code.DefinedOnceBy(rc.pass.TypesInfo, v)
		}
	}
	return nil, false
}

func isNewRequest(fn *types.Func) bool {
	return fn.FullName() == "net/http.NewRequest" || fn.FullName() == "net/http.NewRequestWithContext"
}

// isHeaderMethod reports whether fn is a method of net/http's Header, a map
// of the process.
func isHeaderMethod(fn *types.Func) bool {
	sig, ok := fn.Type().(*types.Signature)
	return ok && sig.Recv() != nil && code.IsNamed(sig.Recv().Type(), "net/http", "Header")
}

func (rc *remoteCheck) localURLs() *LocalURLs {
	if rc.urls == nil {
		rc.urls = NewLocalURLs(rc.pass)
	}
	return rc.urls
}
