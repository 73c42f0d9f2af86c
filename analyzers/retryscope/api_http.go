package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

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
	resp, _ := FailedCodes(info, cond)
	return resp
}

// FailedCodes is FailedStatus with the status codes the condition holds for:
// has is nil when a predicate call decides and the codes are unknown.
func FailedCodes(info *types.Info, cond ast.Expr) (resp ast.Expr, has func(code int64) bool) {
	var sets []*codeSet
	known := true
	for _, d := range disjuncts(cond) {
		if !mentionsStatusCode(info, d) {
			continue
		}
		r, s := failedStatusTerm(info, d)
		if r == nil || (resp != nil && !sameResponse(info, resp, r)) {
			return nil, nil
		}
		resp, known = r, known && s != nil
		sets = append(sets, s)
	}
	if resp == nil || !known {
		return resp, nil
	}
	return resp, func(c int64) bool {
		for _, s := range sets {
			if c >= minStatus && c < maxStatus && s.has(c) {
				return true
			}
		}
		return false
	}
}

// failedStatusTerm returns the response of a failure condition and the codes it
// holds for (nil for a predicate call). A condition true for redirects only
// counts: it tests no failure (statusPolarity), but its branch drops the
// response as a failure's does.
func failedStatusTerm(info *types.Info, e ast.Expr) (ast.Expr, *codeSet) {
	if r, s, ok := statusCondition(info, e); ok {
		if failWhenTrue, known := statusPolarity(s); (known && failWhenTrue) || redirectsOnly(s, true) {
			return r, s
		}
		return nil, nil
	}
	if r, failWhenTrue, known, ok := statusPredicate(info, e); ok && known && failWhenTrue {
		return r, nil
	}
	return nil, nil
}

// disjuncts splits a || b || c.
func disjuncts(e ast.Expr) []ast.Expr {
	if b, ok := ast.Unparen(e).(*ast.BinaryExpr); ok && b.Op == token.LOR {
		return append(disjuncts(b.X), disjuncts(b.Y)...)
	}
	return []ast.Expr{e}
}

// CaseCodes is FailedCodes for a case clause of a switch on the status code
// (switch resp.StatusCode { case 429, 503: }) or of a switch without a tag
// whose cases are failure conditions (case resp.StatusCode >= 500:), less the
// codes an earlier case takes. has is nil when a case value is not a
// constant, an earlier status case is not read, or the clause is the default.
func CaseCodes(info *types.Info, sw *ast.SwitchStmt, cc *ast.CaseClause) (resp ast.Expr, has func(code int64) bool) {
	if len(cc.List) == 0 {
		return nil, nil
	}
	if sw.Tag == nil {
		resp, holds := FailedCodes(info, disjunction(cc.List))
		taken, ok := takenBefore(info, sw, cc)
		if holds == nil || !ok {
			return resp, nil
		}
		return resp, func(c int64) bool { return holds(c) && !taken(c) }
	}
	resp, tag, ok := codeExpr(info, sw.Tag)
	if !ok || resp == nil {
		return nil, nil
	}
	var want []int64
	for _, e := range cc.List {
		v, isConst := code.Int(info, e)
		if !isConst {
			return nil, nil
		}
		want = append(want, v)
	}
	return resp, func(c int64) bool {
		v, ok := tag(c)
		return ok && slices.Contains(want, v)
	}
}

// disjunction is the condition "any of cases" (at least one): its parts
// only are typed, which is all FailedCodes reads.
func disjunction(cases []ast.Expr) ast.Expr {
	e := cases[0]
	for _, c := range cases[1:] {
		e = &ast.BinaryExpr{X: e, OpPos: c.Pos(), Op: token.LOR, Y: c}
	}
	return e
}

// takenBefore returns the codes the status cases before cc in a switch
// without a tag hold for: a code they take never reaches cc. ok is false when
// such a case tests the status in a way not read here.
func takenBefore(info *types.Info, sw *ast.SwitchStmt, cc *ast.CaseClause) (taken func(int64) bool, ok bool) {
	var sets []*codeSet
	for _, s := range sw.Body.List {
		if s == cc {
			break
		}
		for _, e := range s.(*ast.CaseClause).List {
			if !mentionsStatusCode(info, e) {
				continue // a case that does not read the status takes no code
			}
			_, set, isStatus := statusCondition(info, e)
			if !isStatus {
				return nil, false
			}
			sets = append(sets, set)
		}
	}
	return func(c int64) bool {
		return c >= minStatus && c < maxStatus && slices.ContainsFunc(sets, func(s *codeSet) bool { return s.has(c) })
	}, true
}
