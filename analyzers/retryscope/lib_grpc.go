package retryscope

import (
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A gRPC call retries on its own when its connection was built with a retry
// configuration that retries it: a service config whose retryPolicy names the
// call's method (or every method), or a retry interceptor with WithMax above 1.
// The engine claims it only when it can follow the call's receiver (a
// generated client, or the connection itself) back to grpc.NewClient and its
// options: in the same function, through a function of the package that
// returns the connection, or through a struct field every assignment of which
// leads to such a connection. Anything else (a connection from a parameter, a
// config built at run time) is unknown, and unknown is not "retries".

// grpcMethod is a methodConfig name: "" matches any service or method.
type grpcMethod struct{ service, method string }

// grpcCall is a call through a gRPC connection.
type grpcCall struct {
	call    *ast.CallExpr
	recv    ast.Expr
	service string // the generated client's service ("Greeter"), or the full name
	method  string
	stream  bool
}

// asGRPCCall recognises a call through a gRPC connection: a method whose last
// parameter is ...grpc.CallOption (generated clients, ClientConn.Invoke and
// NewStream).
func asGRPCCall(info *types.Info, call *ast.CallExpr) *grpcCall {
	fn := code.Callee(info, call)
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if fn == nil || !ok {
		return nil
	}
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil || !sig.Variadic() {
		return nil
	}
	last, _ := sig.Params().At(sig.Params().Len() - 1).Type().(*types.Slice)
	if last == nil || !code.IsNamed(last.Elem(), "google.golang.org/grpc", "CallOption") {
		return nil
	}
	g := &grpcCall{call: call, recv: sel.X, method: fn.Name()}
	if sig.Results().Len() > 0 {
		_, g.stream = sig.Results().At(0).Type().Underlying().(*types.Interface)
	}
	switch fn.Name() {
	case "Invoke", "NewStream":
		g.service, g.method = invokedMethod(info, call, fn.Name())
	default: // a generated client: EchoClient, echoClient
		recv := namedTypeName(sig.Recv().Type())
		g.service = strings.TrimSuffix(recv[strings.LastIndex(recv, ".")+1:], "Client")
	}
	return g
}

// invokedMethod reads the "/pkg.Service/Method" argument of Invoke or NewStream.
func invokedMethod(info *types.Info, call *ast.CallExpr, name string) (string, string) {
	i := 1
	if name == "NewStream" {
		i = 2
	}
	if i >= len(call.Args) {
		return "", ""
	}
	v := code.Const(info, call.Args[i], nil)
	s, ok := code.StringVal(v)
	if !ok {
		return "", ""
	}
	svc, m, _ := strings.Cut(strings.TrimPrefix(s, "/"), "/")
	return svc, m
}

// matches reports whether a methodConfig name covers the call.
func (g *grpcCall) matches(n grpcMethod) bool {
	if n.service == "" {
		return true
	}
	if g.service == "" || !strings.EqualFold(n.service[strings.LastIndex(n.service, ".")+1:], g.service[strings.LastIndex(g.service, ".")+1:]) {
		return false
	}
	return n.method == "" || n.method == g.method
}

// grpcRetries returns the inner retry of a gRPC call whose connection retries
// it, or nil.
func grpcRetries(pass *analysis.Pass, res *Result, call *ast.CallExpr) *InnerRetry {
	g := asGRPCCall(pass.TypesInfo, call)
	if g == nil {
		return nil
	}
	t := &connTrace{pass: pass, res: res, g: g, seen: map[string]bool{}}
	v := t.verdict(g.recv, res.funcs.enclosing(call.Pos()), 0)
	if !v.known || v.attempts <= 1 {
		return nil
	}
	return &InnerRetry{Call: call, Func: code.Callee(pass.TypesInfo, call), Why: v.why, Attempts: v.attempts}
}

// connTrace follows a gRPC call's receiver back to its connection's options.
type connTrace struct {
	pass *analysis.Pass
	res  *Result
	g    *grpcCall
	seen map[string]bool // fields and functions already followed
}

// connVerdict is what the trace learned: whether the connection is known, and
// if it retries, how many attempts and through what.
type connVerdict struct {
	known    bool
	attempts int
	why      string
}

const maxConnDepth = 4

func (t *connTrace) verdict(e ast.Expr, encl *funcNode, depth int) connVerdict {
	if depth > maxConnDepth {
		return connVerdict{}
	}
	s := &settingsWalk{info: t.pass.TypesInfo, encl: encl, seen: map[ast.Node]bool{}, seenVar: map[types.Object]bool{}}
	s.expr(e, 0)
	if v, ok := t.fromOptions(s.out); ok {
		return v
	}
	var parts []connVerdict
	for _, st := range s.out {
		if v, ok := t.throughFunc(st, depth); ok {
			parts = append(parts, v)
		}
	}
	for _, sel := range s.fields {
		parts = append(parts, t.throughField(sel, depth)...)
	}
	return all(parts)
}

// all is the verdict of several sources: known when each is, retrying with
// the fewest attempts when each retries.
func all(parts []connVerdict) connVerdict {
	if len(parts) == 0 {
		return connVerdict{}
	}
	out := parts[0]
	for _, p := range parts {
		if !p.known {
			return connVerdict{}
		}
		if p.attempts < out.attempts {
			out = p
		}
	}
	return out
}

// fromOptions reads the connections built among the settings: known when
// there is one, retrying when each of them retries the call.
func (t *connTrace) fromOptions(settings []Setting) (connVerdict, bool) {
	var parts []connVerdict
	for _, st := range settings {
		if call, ok := st.Node.(*ast.CallExpr); ok && t.res.Knowledge.IsGRPCConnection(settingFunc(t.pass.TypesInfo, st)) {
			parts = append(parts, t.connection(call))
		}
	}
	return all(parts), len(parts) > 0
}

// connection reads the dial options of one connection.
func (t *connTrace) connection(call *ast.CallExpr) connVerdict {
	k := t.res.Knowledge
	s := &settingsWalk{info: t.pass.TypesInfo, encl: t.res.funcs.enclosing(call.Pos()), seen: map[ast.Node]bool{}, seenVar: map[types.Object]bool{}}
	for _, a := range call.Args {
		s.expr(a, 0)
	}
	off := false
	for _, st := range s.out {
		off = off || k.IsGRPCDisableRetry(settingFunc(t.pass.TypesInfo, st))
	}
	v := connVerdict{known: true}
	for _, st := range s.out {
		fn := settingFunc(t.pass.TypesInfo, st)
		e := k.RetryConfig(fn)
		if e == nil {
			continue
		}
		if n, why := t.configAttempts(st.Node.(*ast.CallExpr), fn, e.Family, off); n > v.attempts {
			v.attempts, v.why = n, why
		}
	}
	return v
}

// configAttempts returns the attempts a configuration makes the call do.
func (t *connTrace) configAttempts(call *ast.CallExpr, fn *types.Func, family string, off bool) (int, string) {
	switch {
	case family == "grpc-service-config" && !off:
		n := 0
		for _, cr := range t.res.clientRetriesOf(t.pass, call, fn, t.res.Knowledge.RetryConfig(fn)) {
			if cr.retries && t.applies(cr) {
				n = max(n, cr.Policy.MaxAttempts)
			}
		}
		return n, "gRPC retry policy"
	case family == "grpc-middleware-retry" && fn.Name() == interceptorFor(t.g):
		return t.interceptorAttempts(call, fn), fn.Pkg().Name() + " interceptor"
	}
	return 0, ""
}

func interceptorFor(g *grpcCall) string {
	if g.stream {
		return "StreamClientInterceptor"
	}
	return "UnaryClientInterceptor"
}

func (t *connTrace) applies(cr *ClientRetry) bool {
	for _, m := range cr.methods {
		if t.g.matches(m) {
			return true
		}
	}
	return false
}

// interceptorAttempts returns the attempts of a retry interceptor for the
// call: its WithMax, or the call's own.
func (t *connTrace) interceptorAttempts(icall *ast.CallExpr, fn *types.Func) int {
	c := &configCall{pass: t.pass, res: t.res, call: icall, fn: fn}
	n := 0
	for _, opts := range [][]ast.Expr{icall.Args, t.g.call.Args} {
		var group []*ast.CallExpr
		for _, a := range opts {
			if call, ok := ast.Unparen(a).(*ast.CallExpr); ok {
				if f := code.Callee(t.pass.TypesInfo, call); f != nil && f.Pkg() == fn.Pkg() && isRetryOption(f) {
					group = append(group, call)
				}
			}
		}
		if len(group) == 0 {
			continue
		}
		o := optionsOf(c, group)
		switch {
		case o.off:
			n = 0
		case o.max > 1:
			n = o.max
		}
	}
	return n
}

// throughFunc follows a call of a function of this package to what it returns.
func (t *connTrace) throughFunc(st Setting, depth int) (connVerdict, bool) {
	fn := settingFunc(t.pass.TypesInfo, st)
	if fn == nil || fn.Pkg() != t.pass.Pkg || t.seen[fn.FullName()] {
		return connVerdict{}, false
	}
	g := t.res.funcs.byObj[fn.Origin()]
	if g == nil || g.body == nil {
		return connVerdict{}, false
	}
	t.seen[fn.FullName()] = true
	var parts []connVerdict
	walkBody(t.pass.TypesInfo, g.body, []ast.Node{(*ast.ReturnStmt)(nil)}, func(n ast.Node) bool {
		if ret := n.(*ast.ReturnStmt); len(ret.Results) > 0 && !code.IsNil(t.pass.TypesInfo, ret.Results[0]) {
			parts = append(parts, t.verdict(ret.Results[0], t.res.funcs.enclosing(ret.Pos()), depth+1))
		}
		return true
	})
	return all(parts), len(parts) > 0
}

// throughField follows a struct field to every value the package gives it.
func (t *connTrace) throughField(sel *ast.SelectorExpr, depth int) []connVerdict {
	typ := namedTypeName(t.pass.TypesInfo.TypeOf(sel.X))
	key := typ + "." + sel.Sel.Name
	if typ == "" || t.seen[key] {
		return nil
	}
	t.seen[key] = true
	vals := t.res.fieldValues(t.pass, typ, sel.Sel.Name)
	if len(vals) == 0 {
		return []connVerdict{{}} // set elsewhere: unknown
	}
	var out []connVerdict
	for _, v := range vals {
		out = append(out, t.verdict(v.Expr, t.res.funcs.enclosing(v.Expr.Pos()), depth+1))
	}
	return out
}

func settingFunc(info *types.Info, st Setting) *types.Func {
	if call, ok := st.Node.(*ast.CallExpr); ok {
		return code.Callee(info, call)
	}
	return nil
}

// fieldValues is packageFields, memoized: every gRPC call through the same
// field asks the same question of the whole package.
func (res *Result) fieldValues(pass *analysis.Pass, typ, field string) []Value {
	key := typ + "." + field
	if v, ok := res.fields[key]; ok {
		return v
	}
	if res.fields == nil {
		res.fields = make(map[string][]Value)
	}
	v := packageFields(pass, typ, field)
	res.fields[key] = v
	return v
}
