package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// HTTP attempts: what the rules about a request's second attempt (retrybody,
// retryleak) need to know about net/http. Other clients are left alone: a
// client that takes a rewindable request (go-retryablehttp's Request buffers
// its body) or returns its own response type has its own rules.

// requestSends take the *http.Request to send as their first argument.
var requestSends = map[string]bool{
	"(*net/http.Client).Do":             true,
	"(*net/http.Transport).RoundTrip":   true,
	"(net/http.RoundTripper).RoundTrip": true,
}

// readerSends take the body to send as their third argument (url, content type,
// body).
var readerSends = map[string]bool{
	"net/http.Post":           true,
	"(*net/http.Client).Post": true,
}

// HTTPSend returns what a call sends when it sends an HTTP request: the
// *http.Request argument (req) or the body reader (body); both nil otherwise.
func HTTPSend(info *types.Info, call *ast.CallExpr) (req, body ast.Expr) {
	fn := code.Callee(info, call)
	if fn == nil {
		return nil, nil
	}
	switch name := fn.FullName(); {
	case requestSends[name] && len(call.Args) == 1:
		return call.Args[0], nil
	case readerSends[name] && len(call.Args) == 3:
		return nil, call.Args[2]
	}
	return nil, nil
}

// IsNewRequest reports whether call is http.NewRequest or
// http.NewRequestWithContext, and returns its body argument.
func IsNewRequest(info *types.Info, call *ast.CallExpr) (body ast.Expr, ok bool) {
	fn := code.Callee(info, call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "net/http" || len(call.Args) < 3 {
		return nil, false
	}
	if fn.Name() == "NewRequest" || fn.Name() == "NewRequestWithContext" {
		return call.Args[len(call.Args)-1], true
	}
	return nil, false
}

// IsHTTPResponse reports whether t is *net/http.Response.
func IsHTTPResponse(t types.Type) bool { return isHTTPResponse(t) }

// FailedStatus returns the response a condition finds failed: a condition that
// is true only for non-2xx status codes of one response (resp.StatusCode !=
// http.StatusOK, resp.StatusCode >= 500, retryable(resp.StatusCode)), alone or
// or-ed with conditions that do not read a status (err != nil || ...). It
// returns nil for other conditions.
func FailedStatus(info *types.Info, cond ast.Expr) ast.Expr {
	var resp ast.Expr
	for _, d := range disjuncts(cond) {
		if !mentionsStatusCode(info, d) {
			continue
		}
		r := failedStatusTerm(info, d)
		if r == nil || (resp != nil && !sameResponse(info, resp, r)) {
			return nil
		}
		resp = r
	}
	return resp
}

func failedStatusTerm(info *types.Info, e ast.Expr) ast.Expr {
	if r, s, ok := statusCondition(info, e); ok {
		if failWhenTrue, known := statusPolarity(s); known && failWhenTrue {
			return r
		}
		return nil
	}
	if r, failWhenTrue, known, ok := statusPredicate(info, e); ok && known && failWhenTrue {
		return r
	}
	return nil
}

// disjuncts splits a || b || c.
func disjuncts(e ast.Expr) []ast.Expr {
	if b, ok := ast.Unparen(e).(*ast.BinaryExpr); ok && b.Op == token.LOR {
		return append(disjuncts(b.X), disjuncts(b.Y)...)
	}
	return []ast.Expr{e}
}
