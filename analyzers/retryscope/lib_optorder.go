package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// Options a caller may override.
//
// retry-go (every version) and cenkalti/backoff v5 apply a call's options in
// order, so a later Attempts, DelayType or WithMaxTries replaces an earlier
// one. When the option list holds a part the code cannot see (a parameter, a
// field, what a function out of reach returns) after options it can see,
// each of those earlier options may be replaced by the caller's: the reader
// claims nothing from them (no "no attempt limit", no "same delay"), and an
// option absent from the list may be in that part too (a RetryIf). Options
// after the last part out of reach win and are read as written:
//
//	opts := append([]retry.Option{retry.Attempts(0)}, extra...) // extra may set the count
//	opts := append(extra, retry.Attempts(0))                    // Attempts(0) wins
//
// A parameter of an unexported function every call of which passes options
// the code shows (retry.Attempts(n)) holds only options of those names: it
// replaces the count, and leaves the delay type as written (the calls are
// read as callerCeiling reads a count, wait_paramcount.go).

// optionPart is one entry of an option list in the order the library
// applies it: an option the code shows, or a part out of its reach.
type optionPart struct {
	expr    ast.Expr
	unknown bool
	// names are, for a part out of reach that the package's calls fill,
	// the options they pass; nil when any option may be there.
	names map[string]bool
}

// mayHold reports whether the part may hold the option of that full name.
func (p optionPart) mayHold(name string) bool { return p.unknown && (p.names == nil || p.names[name]) }

// maxOptionCallers bounds the calls read for what a parameter holds.
const maxOptionCallers = 8

// maxOptionDepth bounds the variables and functions followed to list options.
const maxOptionDepth = 6

// optionLister lists a helper call's options.
type optionLister struct {
	info *types.Info
	res  *Result
	lib  string // the helper's package: a call of it is an option the code shows
	seen map[types.Object]bool
	// atCalls says the lister reads the calls of a function for what a
	// parameter holds: it does not read their callers in turn.
	atCalls bool
}

// optionParts returns the parts of a call's variadic option list in order.
func (res *Result) optionParts(call *ast.CallExpr, fn *types.Func) []optionPart {
	sig, ok := fn.Type().(*types.Signature)
	if !ok || !sig.Variadic() || fn.Pkg() == nil {
		return nil
	}
	l := &optionLister{info: res.info, res: res, lib: fn.Pkg().Path(), seen: map[types.Object]bool{}}
	first := sig.Params().Len() - 1
	if call.Ellipsis.IsValid() && len(call.Args) == first+1 {
		return l.list(call.Args[first], 0)
	}
	var out []optionPart
	for i := first; i < len(call.Args); i++ {
		out = append(out, l.single(call.Args[i], 0)...)
	}
	return out
}

func unknownPart(e ast.Expr) []optionPart { return []optionPart{{expr: e, unknown: true}} }

// list returns the parts of an expression of slice type.
func (l *optionLister) list(e ast.Expr, depth int) []optionPart {
	if depth > maxOptionDepth {
		return unknownPart(e)
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.CompositeLit:
		var out []optionPart
		for _, elt := range x.Elts {
			out = append(out, l.single(elt, depth+1)...)
		}
		return out
	case *ast.CallExpr:
		if code.IsBuiltinCall(l.info, x, "append") && len(x.Args) > 0 {
			out := l.list(x.Args[0], depth+1)
			return append(out, l.appended(x, depth)...)
		}
		return l.returned(x, depth, l.list)
	case *ast.Ident:
		return l.variable(x, depth)
	}
	return unknownPart(e)
}

// appended returns the parts an append call adds after its first argument.
func (l *optionLister) appended(call *ast.CallExpr, depth int) []optionPart {
	if call.Ellipsis.IsValid() {
		return l.list(call.Args[len(call.Args)-1], depth+1)
	}
	var out []optionPart
	for _, a := range call.Args[1:] {
		out = append(out, l.single(a, depth+1)...)
	}
	return out
}

// single returns the parts of one option expression: itself when it is a
// call of the library, what a function of the package returns, else a part
// out of reach (a parameter, a field, a function value, another package).
func (l *optionLister) single(e ast.Expr, depth int) []optionPart {
	if depth > maxOptionDepth {
		return unknownPart(e)
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		if fn := code.Callee(l.info, x); fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == l.lib {
			return []optionPart{{expr: x}}
		}
		return l.returned(x, depth, l.single)
	case *ast.Ident:
		return l.variable(x, depth)
	}
	return unknownPart(e)
}

// returned reads what a function of the package returns, each return
// statement's parts in turn; a function out of reach is a part out of reach.
func (l *optionLister) returned(call *ast.CallExpr, depth int, read func(ast.Expr, int) []optionPart) []optionPart {
	fn := code.Callee(l.info, call)
	if fn == nil {
		return unknownPart(call)
	}
	node := l.res.funcs.byObj[fn.Origin()]
	if node == nil || node.body == nil || l.seen[fn] {
		return unknownPart(call)
	}
	l.seen[fn] = true
	defer delete(l.seen, fn)
	var out []optionPart
	walkBody(l.info, node.body, []ast.Node{(*ast.ReturnStmt)(nil)}, func(n ast.Node) bool {
		if ret := n.(*ast.ReturnStmt); len(ret.Results) == 1 {
			out = append(out, read(ret.Results[0], depth+1)...)
		}
		return true
	})
	return out
}

// variable reads a variable's assignments in source order: one that appends
// to the variable itself adds its parts, any other replaces the list. A
// variable with no value of its own in sight (a parameter) starts out of
// reach.
func (l *optionLister) variable(id *ast.Ident, depth int) []optionPart {
	v, ok := l.info.Uses[id].(*types.Var)
	if !ok || v.IsField() || l.seen[v] {
		return unknownPart(id)
	}
	l.seen[v] = true
	defer delete(l.seen, v)
	out, started := l.outOfSight(id, v), false
	for _, d := range code.DefsOf(l.info, v) {
		if !d.ByName() || !d.Replaces() {
			continue
		}
		switch {
		case d.Value == nil && d.Op == token.VAR:
			out = nil
		case d.Value == nil:
		case l.appendsTo(d.Value, v):
			out = append(out, l.appended(d.Value.(*ast.CallExpr), depth)...)
		case isSliceValue(l.info, d.Value):
			out = l.list(d.Value, depth+1)
		default:
			out = l.single(d.Value, depth+1)
		}
		started = true
	}
	if !started {
		return l.outOfSight(id, v)
	}
	return out
}

// outOfSight is the part a variable with no value in sight stands for:
// what the calls of its function pass when it is such a parameter.
func (l *optionLister) outOfSight(id *ast.Ident, v *types.Var) []optionPart {
	part := optionPart{expr: id, unknown: true}
	if !l.atCalls {
		part.names = l.callerNames(v)
	}
	return []optionPart{part}
}

// callerNames returns the names of the options every call of an unexported
// function passes for its parameter v, when each passes only options the
// code shows; nil otherwise.
func (l *optionLister) callerNames(v *types.Var) map[string]bool {
	decl, k := code.ParamOf(l.info, v)
	fn := code.DeclaredFunc(l.info, decl)
	if fn == nil || !l.res.onlyCalledHere(fn) {
		return nil
	}
	calls := l.res.callsNaming(fn)
	if len(calls) == 0 || len(calls) > maxOptionCallers {
		return nil
	}
	at := &optionLister{info: l.info, res: l.res, lib: l.lib, seen: map[types.Object]bool{}, atCalls: true}
	names := map[string]bool{}
	for _, call := range calls {
		for _, p := range at.argParts(call, fn, k) {
			call, isCall := p.expr.(*ast.CallExpr) // a part in sight is a call of the library
			if p.unknown || !isCall || code.Callee(l.info, call) == nil {
				return nil
			}
			names[code.Callee(l.info, call).Origin().FullName()] = true
		}
	}
	return names
}

// argParts returns the parts a call passes for fn's k-th parameter.
func (l *optionLister) argParts(call *ast.CallExpr, fn *types.Func, k int) []optionPart {
	sig := fn.Signature()
	if sig.Variadic() && k == sig.Params().Len()-1 && !call.Ellipsis.IsValid() {
		var out []optionPart
		for _, a := range call.Args[min(k, len(call.Args)):] {
			out = append(out, l.single(a, 0)...)
		}
		return out
	}
	if k >= len(call.Args) {
		return unknownPart(call)
	}
	if isSliceValue(l.info, call.Args[k]) {
		return l.list(call.Args[k], 0)
	}
	return l.single(call.Args[k], 0)
}

// appendsTo reports whether e is append(v, ...).
func (l *optionLister) appendsTo(e ast.Expr, v *types.Var) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || !code.IsBuiltinCall(l.info, call, "append") || len(call.Args) == 0 {
		return false
	}
	id, ok := ast.Unparen(call.Args[0]).(*ast.Ident)
	return ok && l.info.Uses[id] == v
}

func isSliceValue(info *types.Info, e ast.Expr) bool {
	t := info.TypeOf(e)
	if t == nil {
		return false
	}
	_, ok := t.Underlying().(*types.Slice)
	return ok
}

// lateUnknown returns the index of the last part out of reach, or -1.
func lateUnknown(parts []optionPart) int {
	for i := len(parts) - 1; i >= 0; i-- {
		if parts[i].unknown {
			return i
		}
	}
	return -1
}

// optionsInOrder lists the helper call's options once, for a library that
// applies them in order.
func (r *policyReader) optionsInOrder() []optionPart {
	if r.parts == nil {
		r.parts = r.res.optionParts(r.h.Call, r.h.Func)
		if r.parts == nil {
			r.parts = []optionPart{}
		}
	}
	return r.parts
}

// openOptions returns the last part of the option list out of reach, or nil.
func (r *policyReader) openOptions() ast.Expr {
	parts := r.optionsInOrder()
	if i := lateUnknown(parts); i >= 0 {
		return parts[i].expr
	}
	return nil
}

// holder returns the last part of the option list out of reach that may
// hold the library's option of that name, or nil.
func (r *policyReader) holder(option string) ast.Expr {
	parts := r.optionsInOrder()
	for i := len(parts) - 1; i >= 0; i-- {
		if parts[i].mayHold(r.pkg + "." + option) {
			return parts[i].expr
		}
	}
	return nil
}

// overridden reports whether, after each of the settings in the option
// list, a part out of reach may set the same option again: what they set may
// be replaced. A setting met outside the list (in a variable handed to an
// option) counts as last.
func (r *policyReader) overridden(ss []Setting) bool {
	parts := r.optionsInOrder()
	if lateUnknown(parts) < 0 || len(ss) == 0 {
		return false
	}
	for _, s := range ss {
		at := -1
		for i, p := range parts {
			if !p.unknown && p.expr.Pos() <= s.Node.Pos() && s.Node.End() <= p.expr.End() {
				at = i
			}
		}
		if at < 0 || !slices.ContainsFunc(parts[at+1:], func(p optionPart) bool { return p.mayHold(s.Name) }) {
			return false
		}
	}
	return true
}

// retryGoCountOverridden records, when the caller's options may replace the
// call's Attempts or UntilSucceeded, a count of unknown size set by them.
func (r *policyReader) retryGoCountOverridden() bool {
	count := append(r.fn(r.pkg, "UntilSucceeded"), r.fn(r.pkg, "Attempts")...)
	if !r.overridden(count) {
		return false
	}
	at := r.holder("Attempts")
	if at == nil {
		at = r.holder("UntilSucceeded")
	}
	r.limit(at, 0)
	return true
}

// retryGoOpen notes what the caller's options may hold: a RetryIf or a
// Context when the call shows none (its errors may be classified there, its
// waits may follow a context), and no ceiling on the tries when they may
// replace a count or a delay.
func (r *policyReader) retryGoOpen() {
	if r.openOptions() == nil {
		return
	}
	if len(r.fn(r.pkg, "Context")) == 0 {
		r.p.Open = r.holder("Context")
	}
	if len(r.fn(r.pkg, "RetryIf")) == 0 && r.p.Classifier == nil {
		r.p.Classifier = r.holder("RetryIf")
	}
	for _, name := range []string{"Attempts", "UntilSucceeded", "DelayType", "Delay", "MaxJitter", "MaxDelay"} {
		if r.overridden(r.fn(r.pkg, name)) {
			r.p.Tries = Tries{}
		}
	}
}
