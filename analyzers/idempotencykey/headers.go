package idempotencykey

import (
	"go/ast"
	"go/constant"
	"go/types"
	"net/textproto"

	"github.com/retrylint/retrylint/analyzers/internal/code"
	"github.com/retrylint/retrylint/analyzers/retryscope"
)

// fieldAssign records x.F = v, and req.Header = http.Header{"Idempotency-Key": ...}.
func (c *checker) fieldAssign(l *ast.SelectorExpr, rhs ast.Expr) {
	root := code.Root(c.info, l.X, code.ThroughUnary)
	if root == nil {
		return
	}
	if c.fields[root] == nil {
		c.fields[root] = make(map[string][]ast.Expr)
	}
	c.fields[root][l.Sel.Name] = append(c.fields[root][l.Sel.Name], rhs)
	if l.Sel.Name != "Header" || !isHeaderType(c.info.TypeOf(l)) {
		return
	}
	lit, ok := ast.Unparen(rhs).(*ast.CompositeLit)
	if !ok {
		c.sets[root] = append(c.sets[root], &hdrSet{at: l, unknown: true})
		return
	}
	for _, el := range lit.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		switch c.keyName(kv.Key) {
		case nameKey:
			c.sets[root] = append(c.sets[root], &hdrSet{at: kv, value: firstElem(kv.Value)})
		case nameUnknown:
			c.sets[root] = append(c.sets[root], &hdrSet{at: kv, unknown: true})
		}
	}
}

// headerCall matches req.Header.Set/Add(name, value) and returns the request
// variable and the set, or nil when the call sets no idempotency header.
func (c *checker) headerCall(call *ast.CallExpr) (types.Object, *hdrSet) {
	fn := code.Callee(c.info, call)
	if fn == nil || len(call.Args) != 2 || (fn.FullName() != "(net/http.Header).Set" && fn.FullName() != "(net/http.Header).Add") {
		return nil, nil
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil, nil
	}
	obj := c.headerOwner(sel.X)
	if obj == nil {
		return nil, nil
	}
	switch c.keyName(call.Args[0]) {
	case nameKey:
		return obj, &hdrSet{at: call, value: call.Args[1]}
	case nameUnknown:
		return obj, &hdrSet{at: call, unknown: true}
	}
	return nil, nil
}

// headerOwner returns the request variable of a req.Header expression.
func (c *checker) headerOwner(e ast.Expr) types.Object {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Header" || !isHeaderType(c.info.TypeOf(sel)) {
		return nil
	}
	return code.Root(c.info, sel.X, code.ThroughUnary)
}

// Header names: an idempotency header, another constant, or not a constant.
const (
	nameOther = iota
	nameKey
	nameUnknown
)

func (c *checker) keyName(e ast.Expr) int {
	tv, ok := c.info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return nameUnknown
	}
	if c.headers[textproto.CanonicalMIMEHeaderKey(constant.StringVal(tv.Value))] {
		return nameKey
	}
	return nameOther
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
			params := retryscope.Params(c.info, decl.Type)
			for i, p := range params {
				for _, s := range direct[p] {
					c.bindHelper(decl, i, s)
				}
			}
		}
	}
}

// bindHelper records a header set at every call of decl, on its i-th argument.
func (c *checker) bindHelper(decl *ast.FuncDecl, i int, set *hdrSet) {
	fn, _ := c.info.Defs[decl.Name].(*types.Func)
	if fn == nil {
		return
	}
	for _, f := range c.p.Files {
		code.TreeOf(c.info).Inspect(f, []ast.Node{(*ast.CallExpr)(nil)}, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || i >= len(call.Args) {
				return true
			}
			if g := code.Callee(c.info, call); g == nil || g.Origin() != fn {
				return true
			}
			if obj := code.Root(c.info, call.Args[i], code.ThroughUnary); obj != nil {
				c.sets[obj] = append(c.sets[obj], &hdrSet{at: call, value: set.value, helper: decl, call: call, unknown: set.unknown})
			}
			return true
		})
	}
}
