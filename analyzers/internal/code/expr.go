package code

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// Callee returns the function or method a call invokes, or nil (a call through
// a function value, a conversion, a builtin).
func Callee(info *types.Info, call *ast.CallExpr) *types.Func {
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	return fn
}

// IsBuiltinCall reports whether a call is of the builtin named name (make,
// close, len).
func IsBuiltinCall(info *types.Info, call *ast.CallExpr, name string) bool {
	b, ok := info.Uses[NameIdent(call.Fun)].(*types.Builtin)
	return ok && b.Name() == name
}

// RHS returns the expression assigned to the i-th of nlhs left-hand sides: the
// i-th right-hand side, or the only one (a call or comma-ok form); nil when
// there is none (var x T).
func RHS(rhs []ast.Expr, nlhs, i int) ast.Expr {
	switch len(rhs) {
	case nlhs:
		return rhs[i]
	case 1:
		return rhs[0]
	}
	return nil
}

// Int returns the value of an integer constant expression, or of a local
// variable that holds one wherever it is read (Const).
func Int(info *types.Info, e ast.Expr) (int64, bool) {
	c := Const(info, e, nil)
	if c == nil {
		return 0, false
	}
	v := constant.ToInt(c)
	if v.Kind() != constant.Int {
		return 0, false
	}
	return constant.Int64Val(v)
}

// String returns the value of a string constant expression.
func String(info *types.Info, e ast.Expr) (string, bool) {
	tv, ok := info.Types[e]
	if !ok {
		return "", false
	}
	return StringVal(tv.Value)
}

// StringVal returns a constant's text, if it is a string constant.
func StringVal(v constant.Value) (string, bool) {
	if v == nil || v.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(v), true
}

var errorType = types.Universe.Lookup("error").Type()

// IsError reports whether t is the error interface itself.
func IsError(t types.Type) bool { return t != nil && types.Identical(t, errorType) }

// ErrorResult returns the index of a call's last result and whether it has type
// error (IsError).
func ErrorResult(info *types.Info, call *ast.CallExpr) (int, bool) {
	t := info.TypeOf(call)
	if t == nil {
		return 0, false
	}
	if tup, ok := t.(*types.Tuple); ok {
		if tup.Len() == 0 {
			return 0, false
		}
		return tup.Len() - 1, IsError(tup.At(tup.Len() - 1).Type())
	}
	return 0, IsError(t)
}

// LastResult is the type of a call's last result, or nil.
func LastResult(info *types.Info, call *ast.CallExpr) types.Type {
	t := info.TypeOf(call)
	if tup, ok := t.(*types.Tuple); ok {
		if tup.Len() == 0 {
			return nil
		}
		return tup.At(tup.Len() - 1).Type()
	}
	return t
}

// IsNamed reports whether t, or the type t points to, is the named type
// pkg.name (aliases resolved).
func IsNamed(t types.Type, pkg, name string) bool {
	n := NamedOf(t)
	return n != nil && IsObject(n.Obj(), pkg, name)
}

// NamedOf returns the named type t is, or points to (aliases resolved), or nil.
func NamedOf(t types.Type) *types.Named {
	if t == nil {
		return nil
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, _ := types.Unalias(t).(*types.Named)
	return n
}

// FieldOwner returns the named struct type that declares the field sel
// selects, following embedded fields (x.F where F is promoted from an
// embedded T is T's field); nil when sel selects no field or the declaring
// struct has no name.
func FieldOwner(info *types.Info, sel *ast.SelectorExpr) *types.TypeName {
	s, ok := info.Selections[sel]
	if !ok || s.Kind() != types.FieldVal {
		return nil
	}
	t := s.Recv()
	path := s.Index()
	for _, i := range path[:len(path)-1] {
		if p, ok := types.Unalias(t).(*types.Pointer); ok {
			t = p.Elem()
		}
		st, ok := t.Underlying().(*types.Struct)
		if !ok || i >= st.NumFields() {
			return nil
		}
		t = st.Field(i).Type()
	}
	if n := NamedOf(t); n != nil {
		return n.Obj()
	}
	return nil
}

// IsObject reports whether obj is pkg.name.
func IsObject(obj types.Object, pkg, name string) bool {
	return obj != nil && obj.Name() == name && obj.Pkg() != nil && obj.Pkg().Path() == pkg
}

// Underlying returns the underlying type of e, or nil when e has no type (code
// that does not type-check).
func Underlying(info *types.Info, e ast.Expr) types.Type {
	if t := info.TypeOf(e); t != nil {
		return t.Underlying()
	}
	return nil
}

// IsClockChan reports whether e is a channel of time.Time: a timer's, a
// ticker's or time.After's.
func IsClockChan(info *types.Info, e ast.Expr) bool {
	ch, ok := Underlying(info, e).(*types.Chan)
	return ok && IsNamed(ch.Elem(), "time", "Time")
}

// Const returns the constant value of an expression: a compile-time constant,
// or a local variable assigned exactly once (defs, by variable, else the
// package's assignments: heldConstant) from one, followed a few steps; nil
// otherwise. It is the one constant evaluation of the engine and the rules.
func Const(info *types.Info, e ast.Expr, defs map[types.Object][]ast.Node) constant.Value {
	for depth := 0; ; depth++ {
		if tv, ok := info.Types[e]; ok && tv.Value != nil {
			return tv.Value
		}
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok || depth > 4 {
			return nil
		}
		v, ok := info.Uses[id].(*types.Var)
		if !ok {
			return nil
		}
		if e = assignedOnce(info, v, defs); e == nil {
			return nil
		}
	}
}

// PairedRHS is the right-hand side paired with the i-th left-hand side of a
// one-to-one assignment (a, b = x, y); nil for a, b = f(), where no single
// expression is assigned to one side.
func PairedRHS(lhs, rhs []ast.Expr, i int) ast.Expr {
	if len(lhs) == len(rhs) {
		return rhs[i]
	}
	return nil
}

// NameIdent returns the identifier that names what e refers to: e itself, or
// the selected name of x.Sel (pkg.ErrX, s.field). Other expressions have none.
func NameIdent(e ast.Expr) *ast.Ident {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		return x
	case *ast.SelectorExpr:
		return x.Sel
	}
	return nil
}

// IsNil reports whether e is the untyped nil.
func IsNil(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.IsNil()
}

// IsMethod reports whether fn has a receiver.
func IsMethod(fn *types.Func) bool {
	sig, ok := fn.Type().(*types.Signature)
	return ok && sig.Recv() != nil
}

// IsInterfaceMethod reports whether fn is a method of an interface: a call
// of it runs whichever implementation the value holds.
func IsInterfaceMethod(fn *types.Func) bool {
	sig, ok := fn.Type().(*types.Signature)
	return ok && sig.Recv() != nil && types.IsInterface(sig.Recv().Type())
}

// NewOf returns T of a call of the builtin new(T), or nil.
func NewOf(info *types.Info, call *ast.CallExpr) types.Type {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok || id.Name != "new" || len(call.Args) != 1 {
		return nil
	}
	if _, ok := info.Uses[id].(*types.Builtin); !ok {
		return nil
	}
	return info.TypeOf(call.Args[0])
}

// FuncBody is the body of a *ast.FuncDecl or *ast.FuncLit, nil for other
// nodes (and for a declaration without a body).
func FuncBody(fn ast.Node) *ast.BlockStmt {
	switch fn := fn.(type) {
	case *ast.FuncDecl:
		return fn.Body
	case *ast.FuncLit:
		return fn.Body
	}
	return nil
}

// FuncValue returns the function a func-typed expression holds, through
// conversions to named func types (backoff.ExecuteFunc(func(ctx) error {...})
// is the literal itself).
func FuncValue(info *types.Info, e ast.Expr) ast.Expr {
	for {
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok || len(call.Args) != 1 || !info.Types[call.Fun].IsType() {
			return e
		}
		t := info.TypeOf(call)
		if t == nil {
			return e // code that does not type-check
		}
		if _, isFunc := t.Underlying().(*types.Signature); !isFunc {
			return e
		}
		e = call.Args[0]
	}
}

// NamedFunc returns the function an expression names as a value (f, pkg.F,
// x.M), not a call of it; nil for anything else.
func NamedFunc(info *types.Info, e ast.Expr) *types.Func {
	var id *ast.Ident
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		id = x
	case *ast.SelectorExpr:
		id = x.Sel
	default:
		return nil
	}
	fn, _ := info.Uses[id].(*types.Func)
	return fn
}

// KeyedValue returns the value of a keyed field of a struct literal, or nil.
func KeyedValue(lit *ast.CompositeLit, name string) ast.Expr {
	for _, el := range lit.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == name {
				return kv.Value
			}
		}
	}
	return nil
}

// StmtValue returns the value a statement computes: an expression
// statement's expression, or the one right-hand side of an assignment
// (v := <-ch, x = f()); nil for any other statement.
func StmtValue(s ast.Stmt) ast.Expr {
	switch s := s.(type) {
	case *ast.ExprStmt:
		return s.X
	case *ast.AssignStmt:
		if len(s.Rhs) == 1 {
			return s.Rhs[0]
		}
	}
	return nil
}

// RecvChan returns the channel a statement receives from (<-ch, v := <-ch,
// v, ok = <-ch, a select case's), or nil.
func RecvChan(s ast.Stmt) ast.Expr {
	if u, ok := ast.Unparen(StmtValue(s)).(*ast.UnaryExpr); ok && u.Op == token.ARROW {
		return u.X
	}
	return nil
}

// EndsInReturn reports whether the last of stmts is a return.
func EndsInReturn(stmts []ast.Stmt) bool {
	if len(stmts) == 0 {
		return false
	}
	_, ok := stmts[len(stmts)-1].(*ast.ReturnStmt)
	return ok
}

// IsBool reports whether e is the constant want.
func IsBool(info *types.Info, e ast.Expr, want bool) bool {
	tv, ok := info.Types[e]
	return ok && tv.Value != nil && tv.Value.Kind() == constant.Bool && constant.BoolVal(tv.Value) == want
}

// ContextArg returns the first argument of call whose type is
// context.Context, or nil.
func ContextArg(info *types.Info, call *ast.CallExpr) ast.Expr {
	for _, a := range call.Args {
		if n, ok := types.Unalias(info.TypeOf(a)).(*types.Named); ok && IsObject(n.Obj(), "context", "Context") {
			return a
		}
	}
	return nil
}
