package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A module's retry wrapper often stops early only on an error type of its
// own (if errors.As(err, &fatal) { return err }): the callers classify by
// wrapping permanent failures in that type. A caller whose callback can
// never return one has every error retried: the wrapper classifies nothing
// for it. Proving "never" needs the callback readable down to the errors'
// makers: nil, values of other types, functions of the package read in turn,
// and library calls, which cannot build a type of the module and hand back
// only what they are given. Anything else (a func value, an interface
// method, another package of the module, a parameter) may return the type.

// maxStopDepth bounds the calls followed to prove that a callback never
// returns the stop type.
const maxStopDepth = 8

// stopTypeOf returns the stop type of a forwarding loop (RetryWrapper.StopType):
// its classification is errors.As into a variable of a named concrete type of
// the module, and nothing else in the loop tells errors apart.
func (res *Result) stopTypeOf(r *Region) string {
	call, ok := r.Classification.(*ast.CallExpr)
	if !ok || r.Kind != LoopRegion || r.Loop == nil || res.Knowledge == nil {
		return ""
	}
	t := asTarget(res.info, call)
	if t == nil || types.IsInterface(t) {
		return ""
	}
	named, _ := types.Unalias(derefType(t)).(*types.Named)
	if named == nil || named.Obj().Pkg() == nil || !inModule(res.module, res.pkg.Path(), named.Obj().Pkg().Path()) {
		return ""
	}
	k := classifier{info: res.info, vars: r.ErrVars, isClassifier: res.Knowledge.IsClassifier}
	only := true
	code.Inspect(r.Loop, func(n ast.Node) bool {
		if _, lit := n.(*ast.FuncLit); lit || !only {
			return false
		}
		only = n == call || !k.classifies(n)
		return only
	})
	if !only || !attemptError(res.info, r, call.Args[0]) || !errorReadOnlyBy(res.info, r.Loop, call) {
		return ""
	}
	return types.TypeString(t, nil)
}

// attemptError reports whether e is a variable that only ever holds the
// error of one of the region's attempts (err := op(ctx); var err error).
func attemptError(info *types.Info, r *Region, e ast.Expr) bool {
	v := code.VarOf(info, e)
	n := 0
	for _, d := range code.DefsOf(info, v) {
		n++
		if d.Value == nil && d.Op == token.VAR {
			continue
		}
		call, _ := ast.Unparen(d.Value).(*ast.CallExpr)
		if call == nil || !slices.Contains(r.Attempts, call) || !lastOfTuple(d) {
			return false
		}
	}
	return v != nil && n > 0
}

// errorReadOnlyBy reports whether the error errors.As tests is an attempt's
// error that the loop reads nowhere else but in a nil test, a return, or a
// call whose results are dropped (a log line): handing it to anything else
// (action, err := recover(err, attempt)) may decide the retry too.
func errorReadOnlyBy(info *types.Info, loop ast.Node, as *ast.CallExpr) bool {
	v := code.VarOf(info, as.Args[0])
	if v == nil {
		return false
	}
	allowed := map[*ast.Ident]bool{}
	allow := func(n ast.Node) {
		code.Inspect(n, func(m ast.Node) bool {
			if id, ok := m.(*ast.Ident); ok && info.Uses[id] == v {
				allowed[id] = true
			}
			return true
		})
	}
	allow(as.Args[0])
	code.Inspect(loop, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ExprStmt, *ast.ReturnStmt:
			allow(n)
		case *ast.AssignStmt:
			for _, lhs := range n.Lhs {
				if id, ok := lhs.(*ast.Ident); ok {
					allowed[id] = true // set, not read
				}
			}
		case *ast.BinaryExpr:
			if (n.Op == token.EQL || n.Op == token.NEQ) && (code.IsNil(info, n.X) || code.IsNil(info, n.Y)) {
				allow(n)
			}
		}
		return true
	})
	ok := true
	code.Inspect(loop, func(n ast.Node) bool {
		if id, isID := n.(*ast.Ident); isID && info.Uses[id] == v && !allowed[id] {
			ok = false
		}
		return ok
	})
	return ok
}

// asTarget returns the type of the variable errors.As(err, &v) fills, or nil.
func asTarget(info *types.Info, call *ast.CallExpr) types.Type {
	fn := code.Callee(info, call)
	if !code.IsErrorsFunc(fn, "As") || len(call.Args) != 2 {
		return nil
	}
	u, ok := ast.Unparen(call.Args[1]).(*ast.UnaryExpr)
	if !ok || u.Op != token.AND {
		return nil
	}
	if v := code.VarOf(info, u.X); v != nil {
		return v.Type()
	}
	return nil
}

func derefType(t types.Type) types.Type {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// neverStops reports whether a call of a wrapper with a stop type hands it a
// callback that provably never returns that type.
func (res *Result) neverStops(h *HelperCall) bool {
	w := h.Wrapper
	if w == nil || w.StopType == "" || !w.Forwards || !inModule(res.module, res.pkg.Path(), stopTypePkg(w.StopType)) {
		return false
	}
	cb := res.funcs.of(res.info, h.Callback)
	if cb == nil || cb.body == nil {
		return false
	}
	p := &stopProof{res: res, stop: w.StopType, done: map[*funcNode]bool{}}

	return p.returnsNone(cb, 0)
}

// stopTypePkg returns the package path of a StopType.
func stopTypePkg(stop string) string {
	name, _, _ := strings.Cut(strings.TrimPrefix(stop, "*"), "[")
	if i := strings.LastIndex(name, "."); i >= 0 {
		return name[:i]
	}
	return ""
}

// stopProof proves that errors never are of the stop type.
type stopProof struct {
	res  *Result
	stop string
	// done holds the functions read (true: they never return the type); a
	// function met again while it is read is a cycle, taken as unknown.
	done map[*funcNode]bool
}

// returnsNone reports whether every error a function returns is proved
// not to be of the stop type.
func (p *stopProof) returnsNone(fn *funcNode, depth int) bool {
	if ok, seen := p.done[fn]; seen {
		return ok
	}
	p.done[fn] = false
	ok := true
	walkBody(p.res.info, fn.body, []ast.Node{(*ast.ReturnStmt)(nil)}, func(n ast.Node) bool {
		ret := n.(*ast.ReturnStmt)
		if !ok {
			return false // the walk goes on past a false: keep the first answer
		}
		if len(ret.Results) == 0 {
			ok = fn.typ == nil || fn.typ.Results == nil || fn.typ.Results.NumFields() == 0
		} else {
			ok = p.none(ret.Results[len(ret.Results)-1], depth)
		}
		return ok
	})
	p.done[fn] = ok
	return ok
}

// none reports whether an error expression is proved not to hold the stop type.
func (p *stopProof) none(e ast.Expr, depth int) bool {
	info := p.res.info
	e = ast.Unparen(e)
	if depth > maxStopDepth {
		return false
	}
	if code.IsNil(info, e) {
		return true
	}
	t := info.TypeOf(e)
	if call, ok := e.(*ast.CallExpr); ok {
		t = code.LastResult(info, call)
	}
	if t == nil {
		return false
	}
	if !types.IsInterface(t) {
		return p.plain(t)
	}
	switch e := e.(type) {
	case *ast.Ident:
		return p.localNone(code.VarOf(info, e), depth)
	case *ast.CallExpr:
		return p.callNone(e, depth)
	}
	return false
}

// plain reports whether a concrete type is not the stop type and wraps
// nothing (no Unwrap or As method).
func (p *stopProof) plain(t types.Type) bool {
	if types.TypeString(t, nil) == p.stop {
		return false
	}
	ms := types.NewMethodSet(t)
	return ms.Lookup(nil, "Unwrap") == nil && ms.Lookup(nil, "As") == nil
}

// localNone reports whether every value a local variable of the package is
// given is proved not to hold the stop type. A parameter, a variable whose
// address is taken or that a range assigns may hold anything.
func (p *stopProof) localNone(v *types.Var, depth int) bool {
	if v == nil || v.Pkg() != p.res.pkg {
		return false
	}
	fn := p.res.funcs.enclosing(v.Pos())
	if fn == nil || fn.body == nil || v.Pos() < fn.body.Pos() || v.Pos() >= fn.body.End() || setElsewhere(p.res.info, fn.body, v) {
		return false
	}
	n := 0
	for _, d := range code.DefsOf(p.res.info, v) {
		n++
		if !d.ByName() || !d.Replaces() {
			return false
		}
		if d.Value == nil && d.Op == token.VAR {
			continue // var err error: nil
		}
		if d.Value == nil || !lastOfTuple(d) || !p.none(d.Value, depth+1) {
			return false
		}
	}
	return n > 0
}

// lastOfTuple reports whether an assignment from one call to several
// variables gives this one the call's last result (_, err := f()).
func lastOfTuple(d code.Def) bool {
	as, ok := d.Stmt.(*ast.AssignStmt)
	if !ok || len(as.Rhs) == len(as.Lhs) {
		return true
	}
	return as.Lhs[len(as.Lhs)-1] == d.Lhs
}

// setElsewhere reports whether v's address is taken or a range assigns it.
func setElsewhere(info *types.Info, body *ast.BlockStmt, v *types.Var) bool {
	found := false
	code.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.UnaryExpr:
			found = found || n.Op == token.AND && code.VarOf(info, n.X) == v
		case *ast.RangeStmt:
			found = found || code.VarOf(info, n.Key) == v || code.VarOf(info, n.Value) == v
		}
		return !found
	})
	return found
}

// callNone reports whether a call's error is proved not to hold the stop
// type: a conversion of such a value, a function of the package whose
// returns are, or a library call whose arguments are.
func (p *stopProof) callNone(call *ast.CallExpr, depth int) bool {
	info := p.res.info
	if tv, ok := info.Types[call.Fun]; ok && tv.IsType() {
		return len(call.Args) == 1 && p.none(call.Args[0], depth+1)
	}
	fn := code.Callee(info, call)
	if fn == nil || fn.Pkg() == nil {
		return false // a func value, a builtin
	}
	if recv := fn.Signature().Recv(); recv != nil && types.IsInterface(recv.Type()) {
		return false
	}
	if fn.Pkg() == p.res.pkg {
		node := p.res.funcs.byObj[fn.Origin()]
		return node != nil && node.body != nil && p.returnsNone(node, depth+1)
	}
	if inModule(p.res.module, p.res.pkg.Path(), fn.Pkg().Path()) {
		return false // another package of the module may build the type
	}
	return p.handedNone(call, depth)
}

// handedNone reports whether a library call is handed nothing that may hold
// the stop type: no function, no value of the type, and every error (or
// value of an empty interface) proved not to.
func (p *stopProof) handedNone(call *ast.CallExpr, depth int) bool {
	args := call.Args
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if _, isMethod := p.res.info.Selections[sel]; isMethod {
			args = append([]ast.Expr{sel.X}, args...)
		}
	}
	for _, a := range args {
		t := p.res.info.TypeOf(a)
		switch {
		case t == nil:
			return false
		case isTuple(t):
			return false
		case isFuncTyped(p.res.info, a):
			return false
		case !types.IsInterface(t):
			if !p.plain(t) && types.Implements(t, errorType) {
				return false
			}
		case types.Implements(t, errorType) || t.Underlying().(*types.Interface).Empty():
			if !p.none(a, depth+1) {
				return false
			}
		}
	}
	return true
}

func isTuple(t types.Type) bool {
	_, ok := t.(*types.Tuple)
	return ok
}
