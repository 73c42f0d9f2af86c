package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// Which failures ask for credentials: see loop_authescalate.go.

// authStatuses are the answers that ask for credentials: 401 Unauthorized and
// 407 Proxy Authentication Required.
var authStatuses = map[int64]bool{401: true, 407: true}

// isAuthClass reports whether a test's side lets through only authentication
// failures.
func isAuthClass(c errorClass) bool {
	switch {
	case c.auth:
		return true
	case c.statuses != nil:
		return onlyAuthStatuses(c.statuses)
	case c.typ != nil:
		return namesAuthFailure(c.typ.Name())
	case c.sentinel != nil:
		return namesAuthFailure(c.sentinel.Name())
	}
	return c.code == "Unauthenticated"
}

func onlyAuthStatuses(s *codeSet) bool {
	some := false
	for c := int64(minStatus); c < maxStatus; c++ {
		if s.has(c) && !authStatuses[c] {
			return false
		}
		some = some || s.has(c)
	}
	return some
}

// namesAuthFailure reports whether a name says the request lacked the right
// credentials: IsAuthError, ErrUnauthorized, errUnauthenticated, AuthFailure.
func namesAuthFailure(name string) bool {
	return code.NameSays(name, "unauthori", "unauthent", "autherr", "authfail", "authrequired", "authentication", "authorization", "needsauth", "needauth")
}

// authCall: a predicate named for an authentication failure handed the
// attempt's error (isAuthError(err), IsUnauthorized(err)).
func (f *flow) authCall(call *ast.CallExpr, vars []types.Object) *errorClass {
	if !returnsBool(f.info, call) || !namesAuthFailure(calleeName(call)) {
		return nil
	}
	for _, a := range call.Args {
		if isErrVar(f.info, a, vars) {
			return &errorClass{auth: true}
		}
	}
	return nil
}

// authStatusCompare: a status the attempt handed back, compared with 401 or
// 407 (status != http.StatusProxyAuthRequired): an integer whose name says it
// is a status or a code, or any integer compared with net/http's constant.
func (f *flow) authStatusCompare(b *ast.BinaryExpr) classTest {
	if b.Op != token.EQL && b.Op != token.NEQ {
		return classTest{}
	}
	side := func(x, y ast.Expr) bool {
		v, ok := code.Int(f.info, y)
		t := f.info.TypeOf(x)
		if !ok || !authStatuses[v] || t == nil || !code.IsInteger(t) || f.info.Types[x].Value != nil {
			return false
		}
		name := ""
		if id := code.NameIdent(x); id != nil {
			name = strings.ToLower(id.Name)
		}
		return strings.Contains(name, "status") || strings.Contains(name, "code") || isHTTPConst(f.info, y)
	}
	if !side(b.X, b.Y) && !side(b.Y, b.X) {
		return classTest{}
	}
	c := leaf(&errorClass{auth: true})
	if b.Op == token.EQL {
		return classTest{onTrue: c}
	}
	return classTest{onFalse: c}
}

// isHTTPConst reports whether e names a constant of net/http.
func isHTTPConst(info *types.Info, e ast.Expr) bool {
	k, ok := info.Uses[code.NameIdent(e)].(*types.Const)
	return ok && k.Pkg() != nil && k.Pkg().Path() == "net/http"
}

// authCase: a case of a switch on the attempt's status that is 401 or 407
// (switch resp.StatusCode { case http.StatusUnauthorized: ... }), read as the
// comparison of the tag with the case's value.
func (f *flow) authCase(tag, value ast.Expr) classTest {
	return f.authStatusCompare(&ast.BinaryExpr{X: tag, Op: token.EQL, Y: value})
}
