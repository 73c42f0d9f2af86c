package retryscope

import (
	"go/ast"
	"go/types"
	"net/url"

	"github.com/retrylint/retrylint/analyzers/internal/code"
	"github.com/retrylint/retrylint/internal/rules"
)

// OAuth 2.0 token requests (RFC 6749 section 4). A POST to a token endpoint
// exchanges a grant for a token: an authorization code is single-use, so the
// server refuses its repeat (invalid_grant), and the other grants hand out a
// token without changing anything a repeat would change twice. Token
// endpoints take no Idempotency-Key. Such a POST is recognised by its form
// body, which names the grant (grant_type, section 4.1.3), or by its URL, a
// field rules.yaml names as holding a token endpoint
// (knowledge.token_url_fields: golang.org/x/oauth2's TokenURL fields).

// grantTypeKey is the form parameter every token request carries.
const grantTypeKey = "grant_type"

// IsTokenRequest reports whether a POST to url with body (either may be nil)
// is an OAuth 2.0 token request: the URL is a token URL field
// (knowledge.token_url_fields), or the body is a form (url.Values, its
// Encode, a reader or bytes of either, a constant form) that sets grant_type.
func IsTokenRequest(k *rules.Knowledge, info *types.Info, url, body ast.Expr) bool {
	return isTokenURL(k, info, url, 0) || setsGrantType(info, body, 0)
}

// isTokenURL reports whether e is a token URL field, or a local variable
// every value of which is one.
func isTokenURL(k *rules.Knowledge, info *types.Info, e ast.Expr, depth int) bool {
	if e == nil || depth > 3 {
		return false
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		f, ok := info.Uses[x.Sel].(*types.Var)
		return ok && f.IsField() && k.IsTokenURLField(code.FieldOwner(info, x), f.Name())
	case *ast.Ident:
		return everyValue(info, x, func(v ast.Expr) bool { return isTokenURL(k, info, v, depth+1) })
	}
	return false
}

// setsGrantType follows a request body to the form it is made of.
func setsGrantType(info *types.Info, e ast.Expr, depth int) bool {
	if e == nil || depth > 6 {
		return false
	}
	e = ast.Unparen(e)
	if s, ok := code.String(info, e); ok {
		q, err := url.ParseQuery(s)
		return err == nil && q.Has(grantTypeKey)
	}
	if code.IsNamed(info.TypeOf(e), "net/url", "Values") {
		return formSetsGrantType(info, e)
	}
	switch x := e.(type) {
	case *ast.Ident:
		return everyValue(info, x, func(v ast.Expr) bool { return setsGrantType(info, v, depth+1) })
	case *ast.CallExpr:
		if inner := BodyOf(info, x); inner != nil {
			return setsGrantType(info, inner, depth+1)
		}
	}
	return false
}

// BodyOf returns what a body-making call wraps: the form of form.Encode(),
// the text of strings.NewReader(s), bytes.NewReader/NewBuffer/NewBufferString
// and of a []byte(s) or string(b) conversion; nil for other calls.
func BodyOf(info *types.Info, call *ast.CallExpr) ast.Expr {
	if len(call.Args) == 1 {
		if tv, ok := info.Types[call.Fun]; ok && tv.IsType() {
			return call.Args[0]
		}
	}
	fn := code.Callee(info, call)
	if fn == nil {
		return nil
	}
	switch fn.FullName() {
	case "(net/url.Values).Encode":
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			return sel.X
		}
	case "strings.NewReader", "bytes.NewReader", "bytes.NewBuffer", "bytes.NewBufferString":
		if len(call.Args) == 1 {
			return call.Args[0]
		}
	}
	return nil
}

// formSetsGrantType reports whether a url.Values expression has grant_type:
// a literal with that key, or a variable given such a literal or set with
// v.Set/v.Add("grant_type", ...) in the function that declares it.
func formSetsGrantType(info *types.Info, e ast.Expr) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.CompositeLit:
		return literalHasKey(info, x, grantTypeKey)
	case *ast.Ident:
		v, _ := info.Uses[x].(*types.Var)
		if v == nil {
			return false
		}
		for _, d := range code.DefsOf(info, v) {
			if lit, ok := ast.Unparen(d.Value).(*ast.CompositeLit); ok && d.ByName() && literalHasKey(info, lit, grantTypeKey) {
				return true
			}
			if d.Func != nil && setsKey(info, d.Func, v, grantTypeKey) {
				return true
			}
		}
	}
	return false
}

func literalHasKey(info *types.Info, lit *ast.CompositeLit, key string) bool {
	for _, el := range lit.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			if k, ok := code.String(info, kv.Key); ok && k == key {
				return true
			}
		}
	}
	return false
}

// setsKey reports whether fn calls v.Set(key, ...) or v.Add(key, ...).
func setsKey(info *types.Info, fn ast.Node, v *types.Var, key string) bool {
	found := false
	code.TreeOf(info).Inspect(fn, []ast.Node{(*ast.CallExpr)(nil)}, func(n ast.Node) bool {
		call := n.(*ast.CallExpr)
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if found || !ok || (sel.Sel.Name != "Set" && sel.Sel.Name != "Add") || len(call.Args) != 2 {
			return !found
		}
		if code.Root(info, sel.X, 0) == types.Object(v) {
			k, ok := code.String(info, call.Args[0])
			found = ok && k == key
		}
		return !found
	})
	return found
}

// everyValue reports whether a local variable is given at least one value by
// name and every value it is given passes ok.
func everyValue(info *types.Info, id *ast.Ident, ok func(ast.Expr) bool) bool {
	v, _ := info.Uses[id].(*types.Var)
	if v == nil || v.IsField() {
		return false
	}
	vals := code.Values(info, v, nil)
	for _, val := range vals {
		if !ok(val) {
			return false
		}
	}
	return len(vals) > 0
}
