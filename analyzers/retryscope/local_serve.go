package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"
	"sort"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// The server side of the network is the process's own socket.
//
// Listening, accepting and serving bind or wait on a socket of this process:
// net.Listen and its kin, a listener's Accept, http.Serve, ListenAndServe and
// the same methods of an http.Server, a gRPC server's Serve. Retrying one
// loads no dependency (the attempt never leaves the process), and a loop
// that accepts for as long as the server lives retries no call to another
// system. A listener is read from its method set: a type with the methods
// net.Listener names (Accept, Addr and Close) accepts on an address of its
// own, whatever its Accept takes or returns; one without Addr may be a
// session with a peer (a stream multiplexer), so it stays out of reach. A
// function value that returns a net.Listener (and an error) makes one. What
// the server runs for each connection (the handler or callback handed to the
// call) answers other systems' requests when they come: it is no part of the
// attempt, and the walk skips it (servedHandlers). A serving call whose
// attempt also dials, sends or calls another system stays remote through
// those calls.

// listenFuncs are the functions and methods, by package and name, that
// listen, accept or serve on the process's own socket.
var listenFuncs = map[string]map[string]bool{
	"net": {
		"Listen": true, "ListenPacket": true, "ListenTCP": true, "ListenUDP": true,
		"ListenUnix": true, "ListenUnixgram": true, "ListenIP": true, "ListenMulticastUDP": true,
		"FileListener": true, "AcceptTCP": true, "AcceptUnix": true,
	},
	"crypto/tls":             {"Listen": true, "NewListener": true},
	"net/http":               serveNames,
	"google.golang.org/grpc": {"Serve": true},
}

// servesLocally reports whether fn listens, accepts or serves on the
// process's own socket.
func servesLocally(fn *types.Func) bool {
	if fn.Pkg() != nil && listenFuncs[fn.Pkg().Path()][fn.Name()] {
		return true
	}
	return fn.Name() == "Accept" && onListener(fn)
}

// onListener reports whether fn is a method of a type whose method set also
// has Addr and Close: the methods of net.Listener.
func onListener(fn *types.Func) bool {
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return false
	}
	t := sig.Recv().Type()
	for _, name := range []string{"Addr", "Close"} {
		if m, _, _ := types.LookupFieldOrMethod(t, true, fn.Pkg(), name); !isFunc(m) {
			return false
		}
	}
	return true
}

func isFunc(obj types.Object) bool {
	_, ok := obj.(*types.Func)
	return ok
}

// makesListener reports whether call, through a func value, returns a
// net.Listener and an error: it listens.
func makesListener(info *types.Info, call *ast.CallExpr) bool {
	sig, ok := code.Underlying(info, call.Fun).(*types.Signature)
	if !ok || sig.Results().Len() != 2 {
		return false
	}
	return code.IsNamed(sig.Results().At(0).Type(), "net", "Listener") && isErrorType(sig.Results().At(1).Type())
}

// span is the source range of a handler handed to a serving call.
type span struct{ pos, end token.Pos }

// servedHandlers lists, sorted and merged, the arguments of the package's
// serving calls that the server runs per connection: a function, or a value
// with a ServeHTTP method.
func servedHandlers(info *types.Info) []span {
	var spans []span
	for id, obj := range info.Uses {
		fn, ok := obj.(*types.Func)
		if !ok || !servesLocally(fn) {
			continue
		}
		call := code.CallNaming(info, id)
		if call == nil {
			continue
		}
		for _, arg := range call.Args {
			if isHandler(info.TypeOf(arg)) {
				spans = append(spans, span{arg.Pos(), arg.End()})
			}
		}
	}
	sort.Slice(spans, func(i, j int) bool { return spans[i].pos < spans[j].pos })
	merged := []span{}
	for _, s := range spans {
		if n := len(merged); n > 0 && s.pos < merged[n-1].end {
			merged[n-1].end = max(merged[n-1].end, s.end)
			continue
		}
		merged = append(merged, s)
	}
	return merged
}

// isHandler reports whether t is a function or has a ServeHTTP method.
func isHandler(t types.Type) bool {
	if t == nil {
		return false
	}
	if _, ok := t.Underlying().(*types.Signature); ok {
		return true
	}
	m, _, _ := types.LookupFieldOrMethod(t, true, nil, "ServeHTTP")
	return m != nil
}

// servedPerConnection reports whether n lies in a handler handed to a
// serving call of the package.
func (rc *remoteCheck) servedPerConnection(n ast.Node) bool {
	if rc.handlers == nil {
		rc.handlers = servedHandlers(rc.pass.TypesInfo)
	}
	i := sort.Search(len(rc.handlers), func(i int) bool { return rc.handlers[i].end > n.Pos() })
	return i < len(rc.handlers) && rc.handlers[i].pos <= n.Pos()
}
