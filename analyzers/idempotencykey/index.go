package idempotencykey

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"net/textproto"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/retrylint/retrylint/analyzers/internal/lint"
)

// checker holds what the package tells about requests: what each variable is
// assigned, which requests get an idempotency header, and which fields are set.
type checker struct {
	p    *lint.Pass
	info *types.Info
	// headers are the idempotency header names, canonicalised.
	headers map[string]bool
	defs    map[types.Object][]ast.Expr
	// fields holds x.F = v assignments: root variable, field name, values.
	fields map[types.Object]map[string][]ast.Expr
	// sets are the idempotency-header assignments per request variable.
	sets map[types.Object][]*hdrSet
	// retryLits are the literals handed to a retry helper.
	retryLits map[*ast.FuncLit]bool
	seen      map[token.Pos]bool
}

// hdrSet is one place that gives a request its idempotency header.
type hdrSet struct {
	// at is the Header.Set/Add call, the header assignment, or the call of a
	// helper that sets the header on its parameter.
	at    ast.Node
	value ast.Expr
	// helper is the function that sets the header, with the call's arguments;
	// nil when the header is set directly.
	helper *ast.FuncDecl
	call   *ast.CallExpr
}

func newChecker(p *lint.Pass) *checker {
	c := &checker{p: p, info: p.TypesInfo, headers: make(map[string]bool),
		defs: make(map[types.Object][]ast.Expr), fields: make(map[types.Object]map[string][]ast.Expr),
		sets: make(map[types.Object][]*hdrSet), seen: make(map[token.Pos]bool),
		retryLits: make(map[*ast.FuncLit]bool)}
	for _, r := range p.Scope.Regions {
		if r.Helper != nil {
			if lit, ok := ast.Unparen(r.Helper.Callback).(*ast.FuncLit); ok {
				c.retryLits[lit] = true
			}
		}
	}
	for _, h := range p.Knowledge.Knowledge.IdempotencyHeaders {
		c.headers[textproto.CanonicalMIMEHeaderKey(h)] = true
	}
	for _, f := range p.Files {
		ast.Inspect(f, c.index)
	}
	c.helperSets()
	return c
}

func (c *checker) index(n ast.Node) bool {
	switch n := n.(type) {
	case *ast.AssignStmt:
		c.assign(n)
	case *ast.ValueSpec:
		for i, name := range n.Names {
			if obj := c.info.Defs[name]; obj != nil && len(n.Values) > 0 {
				c.defs[obj] = append(c.defs[obj], rhsOf(n.Values, len(n.Names), i))
			}
		}
	case *ast.CallExpr:
		if obj, value := c.headerCall(n); obj != nil {
			c.sets[obj] = append(c.sets[obj], &hdrSet{at: n, value: value})
		}
	}
	return true
}

func (c *checker) assign(as *ast.AssignStmt) {
	for i, lhs := range as.Lhs {
		rhs := rhsOf(as.Rhs, len(as.Lhs), i)
		switch l := ast.Unparen(lhs).(type) {
		case *ast.Ident:
			if obj := c.objOf(l); obj != nil {
				c.defs[obj] = append(c.defs[obj], rhs)
			}
		case *ast.SelectorExpr:
			c.fieldAssign(l, rhs)
		case *ast.IndexExpr:
			// req.Header["Idempotency-Key"] = []string{key}
			if obj := c.headerOwner(l.X); obj != nil && c.isKeyName(l.Index) {
				c.sets[obj] = append(c.sets[obj], &hdrSet{at: as, value: firstElem(rhs)})
			}
		}
	}
}

// fieldAssign records x.F = v, and req.Header = http.Header{"Idempotency-Key": ...}.
func (c *checker) fieldAssign(l *ast.SelectorExpr, rhs ast.Expr) {
	root := rootObj(c.info, l.X)
	if root == nil {
		return
	}
	if c.fields[root] == nil {
		c.fields[root] = make(map[string][]ast.Expr)
	}
	c.fields[root][l.Sel.Name] = append(c.fields[root][l.Sel.Name], rhs)
	if lit, ok := ast.Unparen(rhs).(*ast.CompositeLit); ok && isHeaderType(c.info.TypeOf(lit)) {
		for _, el := range lit.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok && c.isKeyName(kv.Key) {
				c.sets[root] = append(c.sets[root], &hdrSet{at: kv, value: firstElem(kv.Value)})
			}
		}
	}
}

// headerCall matches req.Header.Set/Add(<idempotency header>, value) and returns
// the request variable and the value.
func (c *checker) headerCall(call *ast.CallExpr) (types.Object, ast.Expr) {
	fn, _ := typeutil.Callee(c.info, call).(*types.Func)
	if fn == nil || len(call.Args) != 2 || (fn.FullName() != "(net/http.Header).Set" && fn.FullName() != "(net/http.Header).Add") {
		return nil, nil
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || !c.isKeyName(call.Args[0]) {
		return nil, nil
	}
	if obj := c.headerOwner(sel.X); obj != nil {
		return obj, call.Args[1]
	}
	return nil, nil
}

// headerOwner returns the request variable of a req.Header expression.
func (c *checker) headerOwner(e ast.Expr) types.Object {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Header" || !isHeaderType(c.info.TypeOf(sel)) {
		return nil
	}
	return rootObj(c.info, sel.X)
}

func (c *checker) isKeyName(e ast.Expr) bool {
	tv, ok := c.info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return false
	}
	return c.headers[textproto.CanonicalMIMEHeaderKey(constant.StringVal(tv.Value))]
}

// helperSets: a function of the package that sets the header on one of its
// parameters sets it, at each call, on the argument.
func (c *checker) helperSets() {
	direct := make(map[types.Object][]*hdrSet, len(c.sets))
	for obj, s := range c.sets {
		direct[obj] = s
	}
	for _, f := range c.p.Files {
		for _, d := range f.Decls {
			decl, ok := d.(*ast.FuncDecl)
			if !ok || decl.Body == nil {
				continue
			}
			params := paramsOf(c.info, decl)
			for i, p := range params {
				for _, s := range direct[p] {
					c.bindHelper(decl, i, s.value)
				}
			}
		}
	}
}

// bindHelper records a header set at every call of decl, on its i-th argument.
func (c *checker) bindHelper(decl *ast.FuncDecl, i int, value ast.Expr) {
	fn, _ := c.info.Defs[decl.Name].(*types.Func)
	if fn == nil {
		return
	}
	for _, f := range c.p.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || i >= len(call.Args) {
				return true
			}
			if g, _ := typeutil.Callee(c.info, call).(*types.Func); g == nil || g.Origin() != fn {
				return true
			}
			if obj := rootObj(c.info, call.Args[i]); obj != nil {
				c.sets[obj] = append(c.sets[obj], &hdrSet{at: call, value: value, helper: decl, call: call})
			}
			return true
		})
	}
}

func (c *checker) objOf(id *ast.Ident) types.Object {
	if obj := c.info.Defs[id]; obj != nil {
		return obj
	}
	if v, ok := c.info.Uses[id].(*types.Var); ok {
		return v
	}
	return nil
}

func rhsOf(rhs []ast.Expr, nlhs, i int) ast.Expr {
	if len(rhs) == nlhs {
		return rhs[i]
	}
	return rhs[0]
}

// firstElem returns v of []string{v}, or the expression itself.
func firstElem(e ast.Expr) ast.Expr {
	if lit, ok := ast.Unparen(e).(*ast.CompositeLit); ok && len(lit.Elts) > 0 {
		return lit.Elts[0]
	}
	return e
}

// rootObj returns the variable an expression starts from: req of req.Request.Header.
func rootObj(info *types.Info, e ast.Expr) types.Object {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			if obj := info.Defs[x]; obj != nil {
				return obj
			}
			v, _ := info.Uses[x].(*types.Var)
			if v == nil {
				return nil
			}
			return v
		case *ast.SelectorExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		case *ast.UnaryExpr:
			e = x.X
		default:
			return nil
		}
	}
}

func paramsOf(info *types.Info, decl *ast.FuncDecl) []*types.Var {
	var out []*types.Var
	for _, f := range decl.Type.Params.List {
		if len(f.Names) == 0 {
			out = append(out, nil)
		}
		for _, name := range f.Names {
			v, _ := info.Defs[name].(*types.Var)
			out = append(out, v)
		}
	}
	return out
}

func isHeaderType(t types.Type) bool {
	return isNetHTTP(t, "Header")
}

// isNetHTTP reports whether t (or *t) is net/http.<name>.
func isNetHTTP(t types.Type, name string) bool {
	if t == nil {
		return false
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "net/http" && n.Obj().Name() == name
}
