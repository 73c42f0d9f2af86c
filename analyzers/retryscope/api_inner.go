package retryscope

import (
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// findInner fills r.Inner: the calls of the region's attempts that retry on their
// own — a retry-helper call (a region of its own), a self-retrying client of the
// knowledge base whose retries are not turned off, a function carrying the
// Retries fact (of this package or another) — and, one level down, the same
// inside a function of this package that an attempt calls.
func findInner(pass *analysis.Pass, res *Result, r *Region) {
	skip := map[*types.Func]bool{}
	if d := declOf(res, r.Func); d != nil {
		skip[d.obj] = true // a recursive retry calls itself
	}
	for _, call := range r.Attempts {
		in := innerCall(pass, res, call, skip)
		if in == nil {
			in = receiverCall(pass, res, call, skip)
		}
		if in == nil {
			in = oneLevel(pass, res, call, skip)
		}
		if in != nil {
			r.Inner = append(r.Inner, in)
		}
	}
	if r.Kind == CallbackRegion && r.Body == nil {
		if in := callbackValue(pass, r); in != nil {
			r.Inner = append(r.Inner, in)
		}
	}
}

// receiverCall says whether the call an attempt is made on retries on its
// own: a Temporal activity's future, workflow.ExecuteActivity(ctx, a).Get(ctx, &v),
// fails once the server has given up retrying the activity.
func receiverCall(pass *analysis.Pass, res *Result, call *ast.CallExpr, skip map[*types.Func]bool) *InnerRetry {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	if recv, ok := ast.Unparen(sel.X).(*ast.CallExpr); ok {
		return innerCall(pass, res, recv, skip)
	}
	return nil
}

// innerCall says whether a call retries on its own.
func innerCall(pass *analysis.Pass, res *Result, call *ast.CallExpr, skip map[*types.Func]bool) *InnerRetry {
	if h := helperRegion(res, call); h != nil {
		return &InnerRetry{Call: call, Func: h.Helper.Func, Why: "retry helper", Attempts: h.Bound.MaxAttempts, Tries: res.TriesOf(h), Endless: res.endless(h)}
	}
	fn := code.Callee(pass.TypesInfo, call)
	if fn == nil || skip[fn.Origin()] {
		return nil
	}
	if in := grpcRetries(pass, res, call); in != nil {
		return in
	}
	if e := res.selfRetrying(fn); e != nil {
		n, on := clientCall(pass, res, call, fn, e)
		if !on {
			return nil
		}
		return &InnerRetry{Call: call, Func: fn, Why: e.Name + " client", Attempts: n, retried: e.RetriedErrors}
	}
	if f := retriesOf(pass, fn); f != nil {
		return &InnerRetry{Call: call, Func: fn, Why: shortName(f.Via), Attempts: f.Attempts, Tries: f.Tries, Endless: f.Endless, unretried: f.Unretried, layer: fn}
	}
	if recv := chained(call); recv != nil {
		return innerCall(pass, res, recv, skip)
	}
	return nil
}

// chained returns the call whose result a method call reads
// (rdb.Get(ctx, k).Result(), cl.ProduceSync(ctx, r).FirstErr()), or nil:
// the request is the call underneath.
func chained(call *ast.CallExpr) *ast.CallExpr {
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if c, ok := ast.Unparen(sel.X).(*ast.CallExpr); ok {
			return c
		}
	}
	return nil
}

// retriesOf is RetriesOf without the standard library: its internal retries
// (database/sql's retry of a bad pooled connection, os.MkdirAll's recursion)
// sit below any layer the analysed code controls and retry only the narrow
// failures they were written for, so they do not multiply the code's attempts.
func retriesOf(pass *analysis.Pass, fn *types.Func) *Retries {
	if fn.Pkg() != nil && fn.Pkg() != pass.Pkg && isStdPath(fn.Pkg().Path()) {
		return nil
	}
	return RetriesOf(pass, fn)
}

// isStdPath reports whether an import path is the standard library's: Go
// reserves paths whose first element has no dot for it.
func isStdPath(path string) bool { return code.IsStdPath(path) }

// oneLevel looks inside a function of this package that an attempt calls.
func oneLevel(pass *analysis.Pass, res *Result, call *ast.CallExpr, skip map[*types.Func]bool) *InnerRetry {
	fn := code.Callee(pass.TypesInfo, call)
	if fn == nil || fn.Pkg() != pass.Pkg || skip[fn.Origin()] {
		return nil
	}
	g := res.funcs.byObj[fn.Origin()]
	if g == nil || g.body == nil {
		return nil
	}
	inner := map[*types.Func]bool{fn.Origin(): true}
	for f := range skip {
		inner[f] = true
	}
	var found *InnerRetry
	walkBody(pass.TypesInfo, g.body, callKinds, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			if in := innerCall(pass, res, c, inner); in != nil && (found == nil || found.Endless) {
				found = &InnerRetry{Call: call, Func: fn, Why: "via " + types.ExprString(c.Fun) + ": " + in.Why, Attempts: in.Attempts, Tries: in.Tries, Endless: in.Endless, layer: in.layer}
			}
		}
		return found == nil || found.Endless // a finite layer below wins
	})
	return found
}

// callbackValue: a retry callback given as a function value (not in this
// package) that retries itself.
func callbackValue(pass *analysis.Pass, r *Region) *InnerRetry {
	fn := code.NamedFunc(pass.TypesInfo, r.Helper.Callback)
	if fn == nil {
		return nil
	}
	if f := retriesOf(pass, fn); f != nil {
		return &InnerRetry{Call: r.Helper.Call, Func: fn, Why: shortName(f.Via), Attempts: f.Attempts, Tries: f.Tries, Endless: f.Endless}
	}
	return nil
}

// helperRegion returns the callback region of a retry-helper call, or nil.
func helperRegion(res *Result, call *ast.CallExpr) *Region {
	for _, r := range res.Regions {
		if r.Helper != nil && r.Helper.Call == call {
			return r
		}
	}
	return nil
}

// shortName shortens a full function name for messages:
// "github.com/avast/retry-go/v4.Do" -> "retry-go/v4.Do",
// "(*github.com/x/y.T).M" -> "(*y.T).M".
func shortName(full string) string {
	prefix := ""
	for _, p := range []string{"(*", "("} {
		if strings.HasPrefix(full, p) {
			prefix, full = p, full[len(p):]
			break
		}
	}
	i := strings.LastIndex(full, "/")
	if i < 0 {
		return prefix + full
	}
	last := full[i+1:]
	if dot := strings.Index(last, "."); dot > 0 && isMajorVersion(last[:dot]) {
		if j := strings.LastIndex(full[:i], "/"); j >= 0 {
			return prefix + full[j+1:]
		}
	}
	return prefix + last
}

func isMajorVersion(s string) bool {
	if len(s) < 2 || s[0] != 'v' {
		return false
	}
	for _, c := range s[1:] {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// exportClientRetries marks the declared functions that call a self-retrying
// client (with its retries on) with the Retries fact, unless they already carry
// it, so that retrying around them, here or in another package, is nested
// retrying too.
func exportClientRetries(pass *analysis.Pass, res *Result) {
	if allStd(pass.Pkg) {
		return // a package that imports only the standard library calls no client of another module
	}
	for _, fn := range res.funcs.list {
		if fn.obj == nil || fn.body == nil || RetriesOf(pass, fn.obj) != nil {
			continue
		}
		if f := clientRetries(pass, res, fn); f != nil {
			exportObjectFact(pass, fn.obj, f)
		}
	}
}

// allStd reports whether a package imports only standard-library packages.
func allStd(pkg *types.Package) bool {
	for _, imp := range pkg.Imports() {
		if !isStdPath(imp.Path()) {
			return false
		}
	}
	return true
}

func clientRetries(pass *analysis.Pass, res *Result, fn *funcNode) *Retries {
	for _, call := range res.funcs.callsIn(fn) {
		callee := code.Callee(pass.TypesInfo, call)
		if callee == nil {
			continue
		}
		if in := grpcRetries(pass, res, call); in != nil {
			return &Retries{Attempts: in.Attempts, Tries: in.Tries, Via: in.Why}
		}
		if e := res.selfRetrying(callee); e != nil && res.retryHelper(callee) == nil {
			if n, on := clientCall(pass, res, call, callee, e); on {
				return &Retries{Attempts: n, Via: e.Name + " client"}
			}
		}
	}
	return nil
}
