package idempotencykey

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"github.com/retrylint/retrylint/analyzers/internal/code"
	"github.com/retrylint/retrylint/analyzers/retryscope"
	"github.com/retrylint/retrylint/internal/rules"
)

const retryablehttp = "github.com/hashicorp/go-retryablehttp"

// frame says, for the code being looked at, what runs on every attempt and
// what a called function's parameters stand for.
type frame struct {
	// inside reports whether code at a position runs once per attempt.
	inside func(token.Pos) bool
	// params maps a followed function's parameters to the call's arguments,
	// which are evaluated in parent.
	params map[*types.Var]ast.Expr
	parent *frame
}

// enter returns the frame of a function called at call from fr: all of its
// code runs per attempt when the call does.
func (c *checker) enter(fr *frame, call *ast.CallExpr, decl *ast.FuncDecl) *frame {
	perAttempt := fr.inside(call.Pos())
	nf := &frame{parent: fr, params: make(map[*types.Var]ast.Expr)}
	nf.inside = func(p token.Pos) bool {
		if decl.Pos() <= p && p < decl.End() {
			return perAttempt
		}
		return fr.inside(p)
	}
	for i, p := range retryscope.Params(c.info, decl.Type) {
		if p != nil && i < len(call.Args) {
			nf.params[p] = call.Args[i]
		}
	}
	return nf
}

// boundVar is a request variable with the frame it lives in.
type boundVar struct {
	obj types.Object
	fr  *frame
}

// request is what is known of a sent request.
type request struct {
	methods []string
	vars    []boundVar
	// built is the call that made the request with an unsafe method.
	built ast.Node
	// bodies are the body arguments of the request's builders (see
	// emptyBody).
	bodies []ast.Expr
	// targets are the URL and body of each builder or sender that names them
	// (see tokenRequest).
	targets []target
}

// target is where a request goes and what it carries; either may be nil. fr
// is the frame they are evaluated in.
type target struct {
	url, body ast.Expr
	fr        *frame
}

// tokenRequest reports whether every builder of the request makes an OAuth
// token request (retryscope.IsTokenRequest): a repeat of a token exchange is
// refused or hands out a token, it applies nothing twice.
func (r *request) tokenRequest(k *rules.Knowledge, info *types.Info) bool {
	for _, t := range r.targets {
		if !retryscope.IsTokenRequest(k, info, t.url, t.body) {
			return false
		}
	}
	return len(r.targets) > 0
}

func (r *request) unsafeMethod() string {
	for _, m := range r.methods {
		if m == "POST" || m == "PATCH" {
			return m
		}
	}
	return ""
}

// resolve follows a request expression to where it is built: its variables
// (through assignments, WithContext/Clone, retryablehttp.FromRequest and
// one level of request-building functions of the package) and its method.
// The bound leaves room for a sender's request traced back into its caller's
// builder (senders.go).
func (c *checker) resolve(e ast.Expr, fr *frame, depth int, out *request) {
	if e == nil || depth > 8 {
		return
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, _ := c.info.Uses[x].(*types.Var)
		if v == nil {
			return
		}
		if arg, ok := fr.params[v]; ok {
			c.resolve(arg, fr.parent, depth+1, out)
			return
		}
		out.vars = append(out.vars, boundVar{v, fr})
		for _, d := range c.defs(v) {
			c.resolve(d, fr, depth+1, out)
		}
	case *ast.UnaryExpr:
		c.resolve(x.X, fr, depth+1, out)
	case *ast.CompositeLit:
		c.literalMethod(x, fr, out)
	case *ast.CallExpr:
		c.resolveCall(x, fr, depth, out)
	}
}

func (c *checker) resolveCall(call *ast.CallExpr, fr *frame, depth int, out *request) {
	fn := code.Callee(c.info, call)
	if fn == nil {
		return
	}
	switch fn.FullName() {
	case "net/http.NewRequest", retryablehttp + ".NewRequest":
		c.addMethod(call, 0, fr, out)
		return
	case "net/http.NewRequestWithContext", retryablehttp + ".NewRequestWithContext":
		c.addMethod(call, 1, fr, out)
		return
	case retryablehttp + ".FromRequest":
		if len(call.Args) == 1 {
			c.resolve(call.Args[0], fr, depth+1, out)
		}
		return
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && (fn.Name() == "WithContext" || fn.Name() == "Clone") && isRequest(c.info.TypeOf(call)) {
		c.resolve(sel.X, fr, depth+1, out)
		return
	}
	decl := c.p.Scope.FuncDecl(fn)
	if decl == nil || decl.Body == nil || fr.parent != nil || !returnsRequest(fn) {
		return
	}
	inner := c.enter(fr, call, decl)
	code.TreeOf(c.info).Inspect(decl.Body, []ast.Node{(*ast.FuncLit)(nil), (*ast.ReturnStmt)(nil)}, func(n ast.Node) bool {
		if ret, ok := n.(*ast.ReturnStmt); ok && len(ret.Results) > 0 {
			c.resolve(ret.Results[0], inner, depth+1, out)
		}
		_, lit := n.(*ast.FuncLit)
		return !lit
	})
}

func (c *checker) addMethod(call *ast.CallExpr, i int, fr *frame, out *request) {
	if i < len(call.Args) {
		c.method(call, c.constString(call.Args[i], fr, 0), out)
	}
	t := target{fr: fr}
	if i+1 < len(call.Args) {
		t.url = call.Args[i+1]
	}
	if i+2 < len(call.Args) {
		t.body = call.Args[i+2]
	}
	out.bodies = append(out.bodies, t.body) // nil: not known, not empty
	out.targets = append(out.targets, t)
}

func (c *checker) method(at ast.Node, m string, out *request) {
	if m == "" {
		return
	}
	m = strings.ToUpper(m)
	out.methods = append(out.methods, m)
	if (m == "POST" || m == "PATCH") && out.built == nil {
		out.built = at
	}
}

// literalMethod reads Method from an http.Request literal.
func (c *checker) literalMethod(lit *ast.CompositeLit, fr *frame, out *request) {
	if !code.IsNamed(c.info.TypeOf(lit), "net/http", "Request") {
		return
	}
	for _, el := range lit.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == "Method" {
				c.method(lit, c.constString(kv.Value, fr, 0), out)
			}
		}
	}
}

// constString returns a string constant: a literal or named constant, a variable
// assigned once from one, or a followed function's parameter bound to one.
func (c *checker) constString(e ast.Expr, fr *frame, depth int) string {
	if tv, ok := c.info.Types[e]; ok && tv.Value != nil {
		if tv.Value.Kind() == constant.String {
			return constant.StringVal(tv.Value)
		}
		return ""
	}
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || depth > 4 {
		return ""
	}
	v, _ := c.info.Uses[id].(*types.Var)
	if v == nil {
		return ""
	}
	if arg, ok := fr.params[v]; ok {
		return c.constString(arg, fr.parent, depth+1)
	}
	if len(c.defs(v)) == 1 {
		return c.constString(c.defs(v)[0], fr, depth+1)
	}
	return ""
}

func isRequest(t types.Type) bool {
	if code.IsNamed(t, "net/http", "Request") {
		return true
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == retryablehttp && n.Obj().Name() == "Request"
}

func returnsRequest(fn *types.Func) bool {
	sig, ok := fn.Type().(*types.Signature)
	return ok && sig.Results().Len() > 0 && isRequest(sig.Results().At(0).Type())
}
