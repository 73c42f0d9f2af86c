package retryscope

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// callbackClassification finds what tells errors apart for a retry callback: a
// helper that classifies by itself, a classifying option (RetryIf), a classifier
// or comparison in the callback's body, or (go-retry) an error returned unwrapped.
func callbackClassification(pass *analysis.Pass, res *Result, r *Region) ast.Node {
	h := r.Helper
	lib := h.library()
	if n := res.helperClassifier(h); n != nil {
		return n
	}
	if c := h.Policy().Classifier; c != nil {
		return c
	}
	for _, s := range h.Settings {
		if res.Knowledge.IsClassifierName(s.Name) {
			return s.Node
		}
	}
	body, ok := r.Body.(*ast.BlockStmt)
	if !ok || body == nil {
		if lib != nil && lib.failsInCallee {
			return h.Callback // unknown: the callee may mark its errors non-retryable
		}
		return nil
	}
	// wait.ExponentialBackoff stops on a returned error, as go-retry stops on an
	// unwrapped one: a condition that ever returns an error classifies.
	stopsOnError, marker := lib != nil && lib.stopsOnError, ""
	if lib != nil {
		marker = lib.retryMarker
	}
	k := classifier{info: pass.TypesInfo, vars: withMessages(pass.TypesInfo, body, errorVarsIn(pass.TypesInfo, body)), isClassifier: func(fn *types.Func) bool {
		if marker != "" && fn.FullName() == marker {
			return false
		}
		return res.Knowledge.IsClassifier(fn)
	}}
	if n := k.in(body); n != nil {
		return n
	}
	if n := markedInCallee(pass.TypesInfo, res.funcs, body, k.isClassifier); n != nil {
		return n
	}
	if n := res.recordedStop(body); n != nil {
		return n // lib_cbrecordedstop.go
	}
	if n := res.answerClass(body, r.Attempts); n != nil {
		return n // lib_cbanswer.go
	}
	if stopsOnError {
		return unwrappedReturn(pass.TypesInfo, body)
	}
	return nil
}

// helperClassifier returns what makes a helper call retry only some errors
// by itself, or nil: the helper (RetryOnConflict, crdb) or wrapper
// classifies, or the predicate it is given (retry.OnError's, or the one a
// wrapper's caller hands it) does not accept every error.
func (res *Result) helperClassifier(h *HelperCall) ast.Node {
	lib := h.library()
	if (h.Entry != nil && h.Entry.Classifies) || (lib != nil && lib.classifies) ||
		(h.Wrapper != nil && h.Wrapper.Classifies && !res.neverStops(h)) {
		return h.Call
	}
	if p := helperPredicate(h); p != nil && !acceptsEvery(res.info, res.funcs, p) {
		return p
	}
	for _, s := range h.Settings {
		if s.Name == predicateSetting && len(s.Args) == 1 && !acceptsEvery(res.info, res.funcs, s.Args[0].Expr) {
			return s.Node
		}
	}
	return nil
}

// errorVarsIn returns the error and *http.Response variables used in a body.
func errorVarsIn(info *types.Info, body ast.Node) []types.Object {
	var out []types.Object
	walkBody(info, body, []ast.Node{(*ast.Ident)(nil)}, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := info.Uses[id].(*types.Var); ok && (isErrorType(v.Type()) || isHTTPResponse(v.Type())) {
				out = appendNew[types.Object](out, v)
			}
		}
		return true
	})
	return out
}

// unwrappedReturn returns a return statement of the callback that gives back a
// non-nil error without RetryableError, or nil.
func unwrappedReturn(info *types.Info, body *ast.BlockStmt) ast.Node {
	var found ast.Node
	walkBody(info, body, []ast.Node{(*ast.ReturnStmt)(nil)}, func(n ast.Node) bool {
		ret, ok := n.(*ast.ReturnStmt)
		if !ok || found != nil || len(ret.Results) == 0 {
			return found == nil
		}
		last := ast.Unparen(ret.Results[len(ret.Results)-1])
		if code.IsNil(info, last) {
			return true
		}
		if call, ok := last.(*ast.CallExpr); ok {
			if fn := code.Callee(info, call); fn != nil && fn.FullName() == goRetryWrap {
				return true
			}
		}
		found = ret
		return false
	})
	return found
}

// markedInCallee returns, for a callback that returns what a function of its
// package returns (return c.do(req), or err := c.do(req); return err), a
// return statement of that function that gives back a marked error (return
// backoff.Permanent(err)): the errors are classified where they are made, and
// the callback hands the verdict on. One call deep: a function of another
// package, or the callee's own callees, are out of reach.
func markedInCallee(info *types.Info, funcs *funcIndex, body *ast.BlockStmt, isMarker func(*types.Func) bool) ast.Node {
	var found ast.Node
	walkBody(info, body, []ast.Node{(*ast.ReturnStmt)(nil)}, func(n ast.Node) bool {
		ret := n.(*ast.ReturnStmt)
		if found != nil || len(ret.Results) == 0 {
			return found == nil
		}
		call := returnedCall(info, ret.Results[len(ret.Results)-1])
		if call == nil {
			return true
		}
		if fn := code.Callee(info, call); fn != nil {
			if callee := funcs.byObj[fn.Origin()]; callee != nil && callee.body != nil {
				found = markedReturn(info, callee.body, isMarker)
			}
		}
		return found == nil
	})
	return found
}

// returnedCall returns the call whose result e is: the call itself, or the
// one assignment of a local variable.
func returnedCall(info *types.Info, e ast.Expr) *ast.CallExpr {
	e = ast.Unparen(e)
	if v := code.VarOf(info, e); v != nil {
		d, ok := code.SoleDef(info, v)
		if !ok || d.Value == nil {
			return nil
		}
		e = ast.Unparen(d.Value)
	}
	call, _ := e.(*ast.CallExpr)
	return call
}

// markedReturn returns a return statement of body whose error is a call of a
// marker (a classifier that returns an error, such as backoff.Permanent), or nil.
func markedReturn(info *types.Info, body *ast.BlockStmt, isMarker func(*types.Func) bool) ast.Node {
	var found ast.Node
	walkBody(info, body, []ast.Node{(*ast.ReturnStmt)(nil)}, func(n ast.Node) bool {
		ret := n.(*ast.ReturnStmt)
		if found != nil || len(ret.Results) == 0 {
			return found == nil
		}
		call, ok := ast.Unparen(ret.Results[len(ret.Results)-1]).(*ast.CallExpr)
		if !ok {
			return true
		}
		if fn := code.Callee(info, call); fn != nil && isMarker != nil && isMarker(fn) && returnsError(info, call) {
			found = ret
		}
		return found == nil
	})
	return found
}
