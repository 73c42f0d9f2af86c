package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// Status tests are evaluated over every HTTP status code: a condition on a
// response's StatusCode (resp.StatusCode < 500, resp.StatusCode/100 == 2,
// code >= 200 && code < 300, code == 429 || code >= 500) is the set of codes
// for which it is true. The set says which side of the condition is a failure.

const (
	minStatus = 100
	maxStatus = 600 // exclusive
)

// codeSet holds, for each status code in [minStatus, maxStatus), whether a
// condition is true for it.
type codeSet [maxStatus - minStatus]bool

func (s *codeSet) has(c int64) bool { return s[c-minStatus] }

func isSuccessCode(c int64) bool { return c >= 200 && c < 300 }

func isRedirectCode(c int64) bool { return c >= 300 && c < 400 }

// statusPolarity says which side of a status condition is the failure: a side
// that holds only non-2xx codes is a failure ("!= 200" is true only for codes
// that are not OK, ">= 500" only for server errors), and a side that holds only
// 2xx codes is a success, so the other side is the failure ("< 500" is false only
// for server errors: true means "no failure worth retrying"). A condition true or
// false for every code, or one whose both sides mix 2xx and failures ("!= 202"),
// does not tell failure from success. Nor does one with a side of redirects
// only ("== 301", "/100 == 3"): a 3xx answer names another target to ask, so
// going round on it follows the server, and retries no failed attempt.
func statusPolarity(s *codeSet) (failWhenTrue, ok bool) {
	var anyTrue, anyFalse, true2xx, trueFail, false2xx, falseFail bool
	for c := int64(minStatus); c < maxStatus; c++ {
		okCode := isSuccessCode(c)
		if s.has(c) {
			anyTrue = true
			true2xx = true2xx || okCode
			trueFail = trueFail || !okCode
		} else {
			anyFalse = true
			false2xx = false2xx || okCode
			falseFail = falseFail || !okCode
		}
	}
	switch {
	case !anyTrue || !anyFalse || redirectsOnly(s, true) || redirectsOnly(s, false):
		return false, false
	case !true2xx || !falseFail: // true: failures only; false: successes only
		return true, true
	case !false2xx || !trueFail: // false: failures only; true: successes only
		return false, true
	}
	return false, false
}

// redirectsOnly reports whether the side of s (the codes for which the
// condition is side) holds codes, and 3xx codes only.
func redirectsOnly(s *codeSet, side bool) bool {
	seen := false
	for c := int64(minStatus); c < maxStatus; c++ {
		if s.has(c) != side {
			continue
		}
		if !isRedirectCode(c) {
			return false
		}
		seen = true
	}
	return seen
}

// redirectTest recognises a status test with a side of redirects only
// (resp.StatusCode == 301, resp.StatusCode/100 == 3, case 302 of a switch on
// the status; tag is the switch's tag) and says whether true is that side.
func redirectTest(info *types.Info, cond, tag ast.Expr) (resp ast.Expr, redirectWhenTrue, ok bool) {
	var s *codeSet
	if tag != nil {
		resp, s, ok = caseSet(info, tag, cond)
	} else {
		resp, s, ok = statusCondition(info, cond)
	}
	if !ok {
		return nil, false, false
	}
	switch {
	case redirectsOnly(s, true):
		return resp, true, true
	case redirectsOnly(s, false):
		return resp, false, true
	}
	return nil, false, false
}

// caseSet evaluates a case value of a switch whose tag is an expression of
// resp.StatusCode (switch resp.StatusCode / 100 { case 2: }) over every code.
func caseSet(info *types.Info, tag, value ast.Expr) (ast.Expr, *codeSet, bool) {
	resp, f, ok := codeExpr(info, tag)
	if !ok || resp == nil {
		return nil, nil, false
	}
	v, isConst := code.Int(info, value)
	if !isConst {
		return nil, nil, false
	}
	var s codeSet
	for c := int64(minStatus); c < maxStatus; c++ {
		got, ok := f(c)
		s[c-minStatus] = ok && got == v
	}
	return resp, &s, true
}

// statusCondition evaluates a boolean condition over one response's status code:
// comparisons of expressions of resp.StatusCode and constants, joined by !, &&
// and ||. It returns resp and the set of codes for which the condition holds.
func statusCondition(info *types.Info, e ast.Expr) (ast.Expr, *codeSet, bool) {
	switch x := ast.Unparen(e).(type) {
	case *ast.UnaryExpr:
		if x.Op != token.NOT {
			return nil, nil, false
		}
		resp, s, ok := statusCondition(info, x.X)
		if !ok {
			return nil, nil, false
		}
		var out codeSet
		for i := range s {
			out[i] = !s[i]
		}
		return resp, &out, true
	case *ast.BinaryExpr:
		switch x.Op {
		case token.LAND, token.LOR:
			r1, s1, ok1 := statusCondition(info, x.X)
			r2, s2, ok2 := statusCondition(info, x.Y)
			if !ok1 || !ok2 || !sameResponse(info, r1, r2) {
				return nil, nil, false
			}
			var out codeSet
			for i := range s1 {
				if x.Op == token.LAND {
					out[i] = s1[i] && s2[i]
				} else {
					out[i] = s1[i] || s2[i]
				}
			}
			return r1, &out, true
		case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
			rx, fx, okx := codeExpr(info, x.X)
			ry, fy, oky := codeExpr(info, x.Y)
			if !okx || !oky {
				return nil, nil, false
			}
			resp := rx
			if resp == nil {
				resp = ry
			} else if ry != nil && !sameResponse(info, rx, ry) {
				return nil, nil, false
			}
			if resp == nil {
				return nil, nil, false // constants only
			}
			var out codeSet
			for c := int64(minStatus); c < maxStatus; c++ {
				a, ok1 := fx(c)
				b, ok2 := fy(c)
				out[c-minStatus] = ok1 && ok2 && compare(a, x.Op, b)
			}
			return resp, &out, true
		}
	}
	return nil, nil, false
}

// codeExpr turns an integer expression of constants and at most one response's
// StatusCode (+ - * / %) into a function of the code. resp is nil for a constant.
func codeExpr(info *types.Info, e ast.Expr) (resp ast.Expr, f func(int64) (int64, bool), ok bool) {
	e = ast.Unparen(e)
	if v, isConst := code.Int(info, e); isConst {
		return nil, func(int64) (int64, bool) { return v, true }, true
	}
	if r := statusCodeOf(info, e); r != nil {
		return r, func(c int64) (int64, bool) { return c, true }, true
	}
	bin, isBin := e.(*ast.BinaryExpr)
	if !isBin {
		return nil, nil, false
	}
	switch bin.Op {
	case token.ADD, token.SUB, token.MUL, token.QUO, token.REM:
	default:
		return nil, nil, false
	}
	rx, fx, okx := codeExpr(info, bin.X)
	ry, fy, oky := codeExpr(info, bin.Y)
	if !okx || !oky || (rx != nil && ry != nil) {
		return nil, nil, false
	}
	if rx == nil {
		rx = ry
	}
	op := bin.Op
	return rx, func(c int64) (int64, bool) {
		a, ok1 := fx(c)
		b, ok2 := fy(c)
		if !ok1 || !ok2 {
			return 0, false
		}
		switch op {
		case token.ADD:
			return a + b, true
		case token.SUB:
			return a - b, true
		case token.MUL:
			return a * b, true
		case token.QUO:
			if b == 0 {
				return 0, false
			}
			return a / b, true
		case token.REM:
			if b == 0 {
				return 0, false
			}
			return a % b, true
		}
		return 0, false
	}, true
}

// sameResponse reports whether two expressions name the same response (the same
// variable, or the same text).
func sameResponse(info *types.Info, a, b ast.Expr) bool {
	if a == nil || b == nil {
		return false
	}
	if va, vb := code.Root(info, a, code.ThroughIndex), code.Root(info, b, code.ThroughIndex); va != nil || vb != nil {
		return va == vb && types.ExprString(a) == types.ExprString(b)
	}
	return types.ExprString(a) == types.ExprString(b)
}

// statusPredicate recognises a bool-valued call that takes a response's status
// code (retryable(resp.StatusCode), shouldRetry(ctx, resp.StatusCode)) and
// returns the response. Whether true means failure is known only from the name
// (known is false otherwise): a function about retrying says true for failures.
// A bool map keyed by the code is read as such a predicate (statusLookup).
func statusPredicate(info *types.Info, e ast.Expr) (resp ast.Expr, failWhenTrue, known, ok bool) {
	if ix, isIndex := ast.Unparen(e).(*ast.IndexExpr); isIndex {
		return statusLookup(info, ix)
	}
	call, isCall := ast.Unparen(e).(*ast.CallExpr)
	if !isCall || !returnsBool(info, call) {
		return nil, false, false, false
	}
	if tv, found := info.Types[call.Fun]; found && tv.IsType() {
		return nil, false, false, false
	}
	for _, a := range call.Args {
		if r, _, isCode := codeExpr(info, a); isCode && r != nil {
			resp = r
			break
		}
	}
	if resp == nil {
		return nil, false, false, false
	}
	if sayRetry(calleeName(call)) {
		return resp, true, true, true
	}
	return resp, false, false, true
}

// statusSplitsFailures reports whether a status condition is true for some
// failure codes (4xx, 5xx) and false for others: it decides which failures to
// retry. ok is false when e is not a status condition.
func statusSplitsFailures(info *types.Info, e ast.Expr) (splits, ok bool) {
	_, s, ok := statusCondition(info, e)
	if !ok {
		return false, false
	}
	in, out := false, false
	for c := int64(400); c < 600; c++ {
		if s.has(c) {
			in = true
		} else {
			out = true
		}
	}
	return in && out, true
}

// mentionsStatusCode reports whether e reads a StatusCode field.
func mentionsStatusCode(info *types.Info, e ast.Expr) bool {
	found := false
	code.Inspect(e, func(n ast.Node) bool {
		if found {
			return false
		}
		if x, ok := n.(ast.Expr); ok && statusCodeOf(info, x) != nil {
			found = true
		}
		return !found
	})
	return found
}
