package retryscope

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// An interface-typed parameter of the package's own helper is judged by the
// values its callers hand in:
//
//	func runesUntil(in io.RuneReader, stop map[rune]bool) ([]rune, rune, error) {
//		for {
//			r, _, err := in.ReadRune()
//			...
//		}
//	}
//
//	k, last, err := runesUntil(p.buf, stops) // p.buf is a *bytes.Buffer
//
// An interface method is out of reach (remote) because any implementation
// may come in. When the helper is an unexported function of the package
// that is only called, never handed on as a value, its callers are all in
// sight: the method runs on what they pass. Every argument of a concrete
// type decides the call by that type's method (a *bytes.Buffer reads
// memory); a type of another package that holds an interface, a func or a
// channel (a *bufio.Reader over a connection) reads from what it was
// handed, which its package's facts cannot judge, and stays out of reach.
// An argument that is itself such a parameter of another helper is judged
// by that helper's callers.
// A parameter the helper assigns, a variadic one, an exported helper or a
// method (another package, or an interface of this one, may call it), and
// an argument of an interface type the callers cannot show keep the call
// out of reach.

// maxParamDepth bounds the helpers followed back to their callers.
const maxParamDepth = 3

// paramValuesOutcome decides id, an interface method called on a parameter
// of an unexported helper, by the values the helper's callers pass; ok is
// false when they cannot be shown.
func (rc *remoteCheck) paramValuesOutcome(id *ast.Ident, fn *types.Func) (o exposure, low int, ok bool) {
	if !code.IsInterfaceMethod(fn) {
		return 0, noOpen, false
	}
	call := code.CallNaming(rc.pass.TypesInfo, id)
	if call == nil {
		return 0, noOpen, false
	}
	recv, isMethod := code.MethodRecv(rc.pass.TypesInfo, call)
	if !isMethod {
		return 0, noOpen, false
	}
	return rc.argsOutcome(recv, fn, 0)
}

// argsOutcome decides a call of method fn on e, a parameter of a helper
// (see above), by the arguments of every call of the helper.
func (rc *remoteCheck) argsOutcome(e ast.Expr, fn *types.Func, depth int) (o exposure, low int, ok bool) {
	helper, i := rc.helperParam(e)
	if helper == nil || depth >= maxParamDepth {
		return 0, noOpen, false
	}
	calls := rc.res.callsNaming(helper)
	if len(calls) == 0 {
		return 0, noOpen, false
	}
	low = noOpen
	for _, call := range calls {
		if call.Ellipsis.IsValid() || i >= len(call.Args) {
			return 0, noOpen, false
		}
		a, l, ok := rc.argOutcome(call.Args[i], fn, depth)
		if !ok {
			return 0, noOpen, false
		}
		if o, low = o|a, min(low, l); o == anything {
			break
		}
	}
	return o, low, true
}

// argOutcome decides method fn run on the value of arg.
func (rc *remoteCheck) argOutcome(arg ast.Expr, fn *types.Func, depth int) (o exposure, low int, ok bool) {
	t := rc.pass.TypesInfo.TypeOf(arg)
	if t == nil {
		return 0, noOpen, false
	}
	if types.IsInterface(t) {
		return rc.argsOutcome(arg, fn, depth+1)
	}
	m, ok := lookupMethod(t, fn)
	if !ok {
		return 0, noOpen, false
	}
	if own := rc.own(m); own != nil {
		o, low = rc.walkFunc(own)
		return o, low, true
	}
	if !holdsNoSource(t, 0) {
		return 0, noOpen, false // a reader of another package over a source it was handed
	}
	return rc.funcOutcome(m), noOpen, true
}

// maxSourceDepth bounds the nesting of types read for a source they hold.
const maxSourceDepth = 4

// holdsNoSource reports whether a value of type t holds no interface, func
// or channel, in its fields or their elements: a type of another package so
// made keeps its data itself (bytes.Buffer, strings.Reader), where one with
// an io.Reader field (bufio.Reader) reads from whatever it was handed, and
// the facts of its package cannot say what that is.
func holdsNoSource(t types.Type, depth int) bool {
	if depth > maxSourceDepth {
		return false
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return true
	case *types.Pointer:
		return holdsNoSource(u.Elem(), depth+1)
	case *types.Slice:
		return holdsNoSource(u.Elem(), depth+1)
	case *types.Array:
		return holdsNoSource(u.Elem(), depth+1)
	case *types.Map:
		return holdsNoSource(u.Key(), depth+1) && holdsNoSource(u.Elem(), depth+1)
	case *types.Struct:
		for i := range u.NumFields() {
			if !holdsNoSource(u.Field(i).Type(), depth+1) {
				return false
			}
		}
		return true
	}
	return false // an interface, a func, a channel
}

// helperParam returns the unexported function of the package whose
// parameter e names, never assigned nor variadic, with the parameter's
// index; nil when e is none.
func (rc *remoteCheck) helperParam(e ast.Expr) (*types.Func, int) {
	info := rc.pass.TypesInfo
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil, 0
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok || v.IsField() {
		return nil, 0
	}
	for range code.DefsOf(info, v) {
		return nil, 0 // assigned in the body: not only what the callers pass
	}
	decl, i := code.ParamOf(info, v)
	helper := code.DeclaredFunc(info, decl)
	if helper == nil || helper.Exported() {
		return nil, 0
	}
	if sig := helper.Signature(); sig.Recv() != nil || sig.Variadic() && i == sig.Params().Len()-1 {
		return nil, 0
	}
	return helper, i
}

// A func-valued parameter is judged the same way: called in an unexported
// function or method, it runs what the calls of that function hand in, when
// each is a function literal or a function of this package, or a
// func-valued parameter of another such function that forwards it
// (scanVoid(code, p) calling scanWhile(code, p)), judged by that
// function's calls in turn.

// handedFuncs decides a func-valued parameter of a function only this package
// calls by what every call of it hands in (see above); ok is false when one
// is out of sight.
func (rc *remoteCheck) handedFuncs(prm *types.Var) (o exposure, ok bool) {
	return rc.handedFuncsFrom(prm, 0)
}

func (rc *remoteCheck) handedFuncsFrom(prm *types.Var, depth int) (o exposure, ok bool) {
	info := rc.pass.TypesInfo
	decl, i := code.ParamOf(info, prm)
	helper := code.DeclaredFunc(info, decl)
	if depth >= maxParamDepth || helper == nil || decl.(*ast.FuncDecl).Body == nil || !rc.res.onlyCalledHere(helper) || code.AssignedIn(info, decl.(*ast.FuncDecl).Body, prm) {
		return 0, false
	}
	calls := rc.res.callsNaming(helper)
	for _, c := range calls {
		if c.Ellipsis.IsValid() || i >= len(c.Args) {
			return 0, false
		}
		a, ok := rc.handedFunc(c.Args[i], depth)
		if !ok {
			return 0, false
		}
		o |= a
	}
	return o, len(calls) > 0
}

// handedFunc decides one value handed for a func-valued parameter.
func (rc *remoteCheck) handedFunc(arg ast.Expr, depth int) (exposure, bool) {
	if rc.res.funcs.of(rc.pass.TypesInfo, arg) != nil {
		return rc.valueOutcome(arg), true
	}
	if id, isIdent := ast.Unparen(arg).(*ast.Ident); isIdent {
		if v, isVar := rc.pass.TypesInfo.Uses[id].(*types.Var); isVar && !v.IsField() && v.Kind() == types.ParamVar {
			return rc.handedFuncsFrom(v, depth+1) // a parameter handed on: its own callers decide
		}
	}
	return 0, false
}

// calledParam returns the parameter a call calls through, or nil.
func calledParam(info *types.Info, call *ast.CallExpr) *types.Var {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok || v.IsField() || v.Kind() != types.ParamVar {
		return nil
	}
	return v
}
