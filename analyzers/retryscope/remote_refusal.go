package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"sort"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// Whether the other system can refuse an attempt for good.
//
// "Retries every error alike" and "tries again at once" hurt when the attempt
// gets an answer from the other system: an HTTP status turned into an error
// (400, 403, 404, 422 are permanent; 503 and 429 say "overloaded"), a
// database statement or ping (a constraint violation, bad credentials, an
// unknown database), a gRPC, net/rpc or SMTP reply, the error of a client,
// driver or SDK (it carries the API's answers). An attempt that only connects
// — dials, resolves a name, writes bytes on a connection, sends an HTTP
// request and never reads the response's status — fails only on the way:
// refused, reset, timed out, no route. Those are transient by nature, there is
// nothing to classify, and trying the next pooled connection at once is the
// point.
//
// The walk of remote.go finds both at once (an exposure): the functions and
// interface methods of connectionPackages reach another system without a
// verdict; a read of an HTTP response's status in the walked code of this
// package, or in a function of another package of the module (ReadsStatus,
// Remote.ConnectsOnly), adds one; everything else remote may carry one,
// whatever the engine cannot see through included.

// MayBeRefused reports whether the region's attempt is remote and the engine
// cannot prove every remote reach of it connection-level: it may get a
// verdict from the other system that sending the same attempt again does not
// change (or an "overloaded" that asking again at once makes worse).
func (r *Region) MayBeRefused() bool { return r.Remote() && !r.connectsOnly }

// An exposure is what an attempt may meet, as a walk found it.
type exposure uint8

const (
	// goesOut: the attempt may reach another system.
	goesOut exposure = 1 << iota
	// verdict: it may get an answer that can refuse it (a status read, a
	// remote call other than a connection-level one).
	verdict
	anything = goesOut | verdict
)

func (o exposure) remote() bool { return o&goesOut != 0 }

// whether is anything when remote, else nothing: the exposure of a function
// that may reach another system for all the engine knows.
func whether(remote bool) exposure {
	if remote {
		return anything
	}
	return 0
}

// connectionPackages are the packages whose calls reach another system only
// to connect or carry bytes: net (dials, listeners, name resolution, the
// methods of net.Conn), crypto/tls (handshakes and connections), and the
// net/http client, whose error is a transport error: the server's verdict is
// the response's status, which a walk sees read (statusReads).
var connectionPackages = map[string]bool{"net": true, "crypto/tls": true, "net/http": true}

// connectionLevel reports whether fn (a function, a method or an interface
// method) is declared in one of connectionPackages.
func connectionLevel(fn *types.Func) bool {
	return fn.Pkg() != nil && connectionPackages[fn.Pkg().Path()]
}

// responseUses are a package's uses of HTTP responses: the positions of its
// reads of a status (StatusCode, Status), sorted, and the method names of
// its calls on a response's body (resp.Body.Close, resp.Body.Read): the body
// is the connection's stream, so those calls only carry bytes.
type responseUses struct {
	statuses []token.Pos
	body     map[*ast.Ident]bool
}

func (rc *remoteCheck) responseUses() *responseUses {
	if rc.responses == nil {
		rc.responses = readResponses(rc.pass.TypesInfo)
	}
	return rc.responses
}

// readsStatus reports whether the code under n reads the status of an HTTP
// response.
func (rc *remoteCheck) readsStatus(n ast.Node) bool {
	st := rc.responseUses().statuses
	i := sort.Search(len(st), func(i int) bool { return st[i] >= n.Pos() })
	return i < len(st) && st[i] < n.End()
}

// judgesResponse reports whether the code under n (the code that runs again)
// may judge an HTTP response by its status: it reads one, or hands a
// response to a function that may (a helper of this package or another, by
// its ReadsStatus or Remote fact; a function out of sight may).
func (rc *remoteCheck) judgesResponse(n ast.Node) bool {
	if rc.readsStatus(n) {
		return true
	}
	info, found := rc.pass.TypesInfo, false
	code.TreeOf(info).Inspect(n, callKinds, func(m ast.Node) bool {
		call := m.(*ast.CallExpr)
		if !found && slices.ContainsFunc(call.Args, func(a ast.Expr) bool { return isHTTPResponse(info.TypeOf(a)) }) {
			found = rc.callVerdict(call)
		}
		return !found
	})
	return found
}

// callVerdict reports whether a call may hear or read a verdict.
func (rc *remoteCheck) callVerdict(call *ast.CallExpr) bool {
	fn := code.Callee(rc.pass.TypesInfo, call)
	if fn == nil {
		// a func value may; a conversion or a builtin reads nothing
		return rc.dynamicCall(call) && rc.dynamicOutcome(call)&verdict != 0
	}
	return rc.funcOutcome(fn)&verdict != 0
}

func readResponses(info *types.Info) *responseUses {
	u := &responseUses{statuses: []token.Pos{}, body: map[*ast.Ident]bool{}}
	for sel, s := range info.Selections {
		switch {
		case s.Kind() == types.FieldVal && (isResponseField(s.Obj(), "StatusCode") || isResponseField(s.Obj(), "Status")):
			u.statuses = append(u.statuses, sel.Pos())
		case s.Kind() == types.MethodVal && responseBody(info, sel.X):
			u.body[sel.Sel] = true
		}
	}
	sort.Slice(u.statuses, func(i, j int) bool { return u.statuses[i] < u.statuses[j] })
	return u
}

// responseBody reports whether e is a response's Body field.
func responseBody(info *types.Info, e ast.Expr) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	s, ok := info.Selections[sel]
	return ok && s.Kind() == types.FieldVal && isResponseField(s.Obj(), "Body")
}

// isResponseField reports whether f is the field of net/http's Response by
// that name.
func isResponseField(f types.Object, name string) bool {
	if f.Name() != name || f.Pkg() == nil || f.Pkg().Path() != "net/http" {
		return false
	}
	resp, ok := f.Pkg().Scope().Lookup("Response").(*types.TypeName)
	if !ok {
		return false
	}
	st, ok := resp.Type().Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := range st.NumFields() {
		if st.Field(i) == f {
			return true
		}
	}
	return false
}
