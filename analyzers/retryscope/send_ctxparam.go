package retryscope

import (
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A client is often handed to a small function that builds one request and
// sends it with the client:
//
//	func fetch(ctx context.Context, c *http.Client, u string) error {
//		req, err := http.NewRequestWithContext(ctx, "GET", u, nil)
//		...
//		resp, err := c.Do(req)
//
// Whether the send can block forever is then decided by the caller's
// argument for ctx, or by a deadline the function gives the request itself
// (context.WithTimeout(context.Background(), d) inside). The body is read
// strictly: the client parameter (an *http.Client, or an interface whose Do
// takes an *http.Request) is used only as the receiver of Do, each time with
// a request built right there or held by a variable defined once by
// http.NewRequestWithContext or http.NewRequest. Every such request either
// has a deadline made in the function, or a deadline of its one context
// parameter when the caller's argument has one; or some request carries no
// context a caller could bound (http.NewRequest, context.Background() or
// TODO() without a deadline): the function sends without one whatever its
// caller does. Any other use of the client (passed on, stored, Get) or a
// request of unknown origin leaves the function without a fact: out of reach.
// Only contexts are read: a request to this machine written in the code is
// not (its host may be a cloud's link-local metadata service, which can hang).

// SendsClient marks a function that sends with its client parameter Client
// only as read above (send_ctxparam.go).
type SendsClient struct {
	Client int
	// Ctx is the context parameter whose deadline, at the call, bounds the
	// sends; -1 when every send carries a deadline of the function's own.
	Ctx int
	// Unbounded says some send carries no context a caller could bound.
	Unbounded bool
	Origin
}

func (*SendsClient) AFact() {}

func (f *SendsClient) String() string {
	switch {
	case f.Unbounded:
		return fmt.Sprintf("sends its client %d without a deadline", f.Client)
	case f.Ctx >= 0:
		return fmt.Sprintf("sends its client %d under its context %d", f.Client, f.Ctx)
	}
	return fmt.Sprintf("sends its client %d with its own deadline", f.Client)
}

// SendsClientOf returns how fn sends with its client parameter, or nil: read
// from its body for a function of the package, from its fact for one of
// another package of the analysed code that the package names.
func (r *Result) SendsClientOf(fn *types.Func) *SendsClient {
	if r == nil || fn == nil || r.funcs == nil {
		return nil
	}
	fn = fn.Origin()
	if node := r.funcs.byObj[fn]; node != nil {
		return r.readSendsClient(node)
	}
	return r.sendsClients[fn]
}

// exportSendsClient exports SendsClient for the package's functions that
// send with a client parameter as read above, and imports the facts of the
// functions of other packages it names (a rule's pass cannot import them).
func exportSendsClient(pass *analysis.Pass, res *Result) {
	importFuncFacts(pass, func(fn *types.Func, fact *SendsClient) {
		if res.sendsClients == nil {
			res.sendsClients = make(map[*types.Func]*SendsClient)
		}
		res.sendsClients[fn] = fact
	})
	if IsExternal(pass) {
		return
	}
	for _, fn := range res.funcs.list {
		if fn.obj == nil {
			continue
		}
		if sc := res.readSendsClient(fn); sc != nil {
			exportObjectFact(pass, fn.obj, sc)
		}
	}
}

// readSendsClient reads a function of the package as above, or nil.
func (r *Result) readSendsClient(fn *funcNode) *SendsClient {
	if fn.body == nil || fn.obj == nil {
		return nil
	}
	params := Params(r.info, fn.typ)
	client, ctx := -1, -1
	for k, prm := range params {
		switch {
		case prm == nil:
		case IsContext(prm.Type()) && ctx < 0:
			ctx = k
		case IsContext(prm.Type()):
			return nil // two contexts: which one bounds is not read
		case isClientType(prm.Type()) && client >= 0:
			return nil
		case isClientType(prm.Type()):
			client = k
		}
	}
	if client < 0 {
		return nil
	}
	sc := &SendsClient{Client: client, Ctx: -1}
	sends := 0
	ok := true
	ast.Inspect(fn.body, func(n ast.Node) bool {
		id, isID := n.(*ast.Ident)
		if !ok || !isID || r.info.Uses[id] != params[client] {
			return ok
		}
		req := r.sentRequest(id)
		if req == nil {
			ok = false
			return false
		}
		sends++
		ok = r.readSend(req, params, ctx, sc)
		return ok
	})
	if !ok || sends == 0 {
		return nil
	}
	return sc
}

// readSend records in sc what bounds the send of req, a request expression;
// false when it is out of reach.
func (r *Result) readSend(req ast.Expr, params []*types.Var, ctx int, sc *SendsClient) bool {
	built := r.requestCall(req)
	if built == nil {
		return false
	}
	switch code.Callee(r.info, built).FullName() {
	case "net/http.NewRequest":
		sc.Unbounded = true
		return true
	}
	reqCtx := built.Args[0]
	switch {
	case r.HasDeadline(reqCtx, nil):
	case ctx >= 0 && r.HasDeadline(reqCtx, map[*types.Var]bool{params[ctx]: true}):
		sc.Ctx = ctx
	case r.withoutContext(reqCtx, 0):
		sc.Unbounded = true
	default:
		return false
	}
	return true
}

// sentRequest returns the request of c.Do(req) when id, the client, is the
// receiver of that call, or nil for any other use.
func (r *Result) sentRequest(id *ast.Ident) ast.Expr {
	path := code.TreeOf(r.info).Enclosing(id)
	if len(path) < 3 {
		return nil
	}
	sel, ok := path[1].(*ast.SelectorExpr)
	call, isCall := path[2].(*ast.CallExpr)
	if !ok || !isCall || sel.X != id || sel.Sel.Name != "Do" || call.Fun != sel || len(call.Args) != 1 {
		return nil
	}
	return call.Args[0]
}

// requestCall returns the http.NewRequest or NewRequestWithContext call a
// request expression is, directly or through a variable it defines once.
func (r *Result) requestCall(e ast.Expr) *ast.CallExpr {
	call, ok := code.CallOrDefinedOnce(r.info, e)
	if !ok {
		return nil
	}
	fn := code.Callee(r.info, call)
	if fn == nil || len(call.Args) < 3 {
		return nil
	}
	switch fn.FullName() {
	case "net/http.NewRequest", "net/http.NewRequestWithContext":
		return call
	}
	return nil
}

// withoutContext reports whether a context expression is one no caller can
// end: context.Background() or TODO(), directly, derived without a deadline
// (WithCancel, WithValue) or through a variable defined once by one.
func (r *Result) withoutContext(e ast.Expr, depth int) bool {
	if depth > maxDeadlineDepth {
		return false
	}
	call, ok := code.CallOrDefinedOnce(r.info, e)
	if !ok {
		return false
	}
	fn := code.Callee(r.info, call)
	if fn == nil {
		return false
	}
	switch fn.FullName() {
	case "context.Background", "context.TODO":
		return true
	}
	_, parent := DeadlineCall(r.info, call)
	return parent != nil && r.withoutContext(parent, depth+1)
}

// isClientType reports whether t is *http.Client or an interface whose Do
// sends an *http.Request.
func isClientType(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok && code.IsNamed(p.Elem(), "net/http", "Client") {
		return true
	}
	iface, ok := t.Underlying().(*types.Interface)
	if !ok {
		return false
	}
	for i := 0; i < iface.NumMethods(); i++ {
		m := iface.Method(i)
		sig := m.Type().(*types.Signature)
		if m.Name() == "Do" && sig.Params().Len() == 1 && code.IsNamed(sig.Params().At(0).Type(), "net/http", "Request") {
			return true
		}
	}
	return false
}
