package code

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"math"

	"golang.org/x/tools/go/ast/inspector"
)

// AtMost returns the largest value a numeric expression can have when the
// code shows one: a constant; a local variable declared in the function
// (var or :=), or an unexported package-level one (only its package can set
// it), whose every assignment replaces its value with such an expression and
// whose address is never taken; an unexported field that the
// package (the only code that can set it) sets only to such expressions, and
// never through a pointer; min(...) with such an argument; a conversion to a
// signed number type, a sum, a difference with a constant, or a product with
// a constant >= 0 of such expressions; rand.Intn(n) and its kin (below n);
// a field whose struct tag gives its default, read as that default
// (TagDefault). Anything else (a parameter, an untagged exported field,
// another call, a shift) has no known ceiling.
func AtMost(info *types.Info, e ast.Expr) (constant.Value, bool) {
	return atMost(info, e, 0)
}

func atMost(info *types.Info, e ast.Expr, depth int) (constant.Value, bool) {
	if depth > 4 || e == nil {
		return nil, false
	}
	if tv, ok := info.Types[e]; ok && tv.Value != nil && isNumeric(tv.Value) {
		return tv.Value, true
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		if v, ok := info.Uses[x].(*types.Var); ok {
			return localAtMost(info, v, depth)
		}
	case *ast.SelectorExpr:
		if v, ok := info.Uses[x.Sel].(*types.Var); ok && v.IsField() {
			if c, ok := fieldAtMost(info, v, depth); ok {
				return c, true
			}
		}
	case *ast.CallExpr:
		if v, ok := conversionAtMost(info, x, depth); ok {
			return v, true
		}
		if v, ok := randAtMost(info, x, depth); ok {
			return v, true
		}
		if v, ok := minAtMost(info, x, depth); ok {
			return v, true
		}
	case *ast.BinaryExpr:
		return arithAtMost(info, x, depth)
	}
	return TagDefault(info, e) // a configuration field's default (tagdefault.go)
}

// conversionAtMost: a conversion to a signed integer or float type keeps its
// operand's ceiling (time.Duration(n)).
func conversionAtMost(info *types.Info, call *ast.CallExpr, depth int) (constant.Value, bool) {
	operand, ok := SignedOperand(info, call)
	if !ok {
		return nil, false
	}
	return atMost(info, operand, depth+1)
}

// randBelow are the random functions whose result is below their argument.
var randBelow = map[string]bool{
	"math/rand.Intn": true, "math/rand.Int31n": true, "math/rand.Int63n": true,
	"(*math/rand.Rand).Intn": true, "(*math/rand.Rand).Int31n": true, "(*math/rand.Rand).Int63n": true,
	"math/rand/v2.IntN": true, "math/rand/v2.Int32N": true, "math/rand/v2.Int64N": true, "math/rand/v2.N": true,
	"(*math/rand/v2.Rand).IntN": true, "(*math/rand/v2.Rand).Int32N": true, "(*math/rand/v2.Rand).Int64N": true,
}

// randAtMost: rand.Intn(n) and its kin return less than n (a jitter of a
// few milliseconds).
func randAtMost(info *types.Info, call *ast.CallExpr, depth int) (constant.Value, bool) {
	fn := Callee(info, call)
	if fn == nil || !randBelow[fn.Origin().FullName()] || len(call.Args) != 1 {
		return nil, false
	}
	n, ok := atMost(info, call.Args[0], depth+1)
	if !ok {
		return nil, false
	}
	return constant.BinaryOp(n, token.SUB, constant.MakeInt64(1)), true
}

// arithAtMost: a + b is at most the sum of the ceilings; a - c and c * a,
// with c a constant (c >= 0 for the product), follow a's ceiling.
func arithAtMost(info *types.Info, b *ast.BinaryExpr, depth int) (constant.Value, bool) {
	x, xok := atMost(info, b.X, depth+1)
	y, yok := atMost(info, b.Y, depth+1)
	cx, cy := constValue(info, b.X), constValue(info, b.Y)
	switch {
	case b.Op == token.ADD && xok && yok:
		return constant.BinaryOp(x, token.ADD, y), true
	case b.Op == token.SUB && xok && cy != nil:
		return constant.BinaryOp(x, token.SUB, cy), true
	case b.Op == token.MUL && yok && nonNegative(cx):
		return constant.BinaryOp(cx, token.MUL, y), true
	case b.Op == token.MUL && xok && nonNegative(cy):
		return constant.BinaryOp(x, token.MUL, cy), true
	}
	return nil, false
}

func constValue(info *types.Info, e ast.Expr) constant.Value {
	if tv, ok := info.Types[e]; ok && tv.Value != nil && isNumeric(tv.Value) {
		return tv.Value
	}
	return nil
}

func nonNegative(v constant.Value) bool {
	return v != nil && constant.Sign(v) >= 0
}

// fieldAtMost is the largest value the package gives an unexported field, in
// composite literals (keyed or not) and assignments, when every value is
// known and nothing writes it through a pointer. A field the package never
// sets holds its zero value, the reading AlwaysZero makes too: only the
// package can set it, and AllValues already gives up on the ways round that
// (a generic type, a pointer).
func fieldAtMost(info *types.Info, f *types.Var, depth int) (constant.Value, bool) {
	vals, ok := AllValues(info, f)
	if !ok {
		return nil, false
	}
	if len(vals) == 0 {
		return constant.MakeInt64(0), true
	}
	var best constant.Value
	for _, e := range vals {
		v, ok := atMost(info, e, depth+1)
		if !ok {
			return nil, false
		}
		if best == nil || constant.Compare(v, token.GTR, best) {
			best = v
		}
	}
	return best, best != nil
}

// fieldWrittenAside reports whether a field may be written where DefsOf and
// literals do not show it: its address taken, a pointer method called on it,
// or a use through another instantiation of a generic type.
func fieldWrittenAside(info *types.Info, t *Tree, f *types.Var) bool {
	for _, id := range t.uses.between(info, 0, token.Pos(math.MaxInt)) {
		v, ok := info.Uses[id].(*types.Var)
		if !ok || v.Origin() != f {
			continue
		}
		if v != f {
			return true
		}
		c, ok := t.Cursor(id)
		if !ok {
			return true
		}
		if sel, isSel := c.Parent().Node().(*ast.SelectorExpr); isSel && sel.Sel == id {
			c = c.Parent()
		}
		if escapes(info, c) {
			return true
		}
	}
	return false
}

// minAtMost: min(a, b, ...) is at most the smallest ceiling of its arguments.
func minAtMost(info *types.Info, call *ast.CallExpr, depth int) (constant.Value, bool) {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok || id.Name != "min" {
		return nil, false
	}
	if _, builtin := info.Uses[id].(*types.Builtin); !builtin {
		return nil, false
	}
	var best constant.Value
	for _, a := range call.Args {
		if v, ok := atMost(info, a, depth+1); ok && (best == nil || constant.Compare(v, token.LSS, best)) {
			best = v
		}
	}
	return best, best != nil
}

// localAtMost is the largest value assigned to a local variable, when every
// value it gets is known: it is declared with var or := (not a parameter, a
// range or type-switch variable), every later assignment replaces it, and no
// pointer to it escapes.
func localAtMost(info *types.Info, v *types.Var, depth int) (constant.Value, bool) {
	if v.Pkg() == nil || v.Parent() == nil || v.IsField() || addressTaken(info, v) {
		return nil, false
	}
	if v.Parent() == v.Pkg().Scope() && v.Exported() {
		return nil, false // any importer may set it
	}
	var best constant.Value
	declared := false
	for _, d := range DefsOf(info, v) {
		if id, ok := d.Lhs.(*ast.Ident); ok && id.Pos() == v.Pos() {
			declared = d.Op == token.VAR || d.Op == token.DEFINE
		}
		if !d.ByName() || !d.Replaces() {
			return nil, false
		}
		val := constant.MakeInt64(0) // var d time.Duration
		if d.Value != nil || d.Op != token.VAR {
			var ok bool
			if val, ok = atMost(info, d.Value, depth+1); !ok {
				return nil, false
			}
		}
		if best == nil || constant.Compare(val, token.GTR, best) {
			best = val
		}
	}
	return best, declared && best != nil
}

// DefinedOnce returns the value of a local variable that is declared with
// a value (v := e, var v = e), never assigned again, and whose address is
// never taken: v holds e wherever it is read. Callers that know more about
// e's variables than AtMost (a loop counter's value in a round) read e
// themselves.
func DefinedOnce(info *types.Info, v *types.Var) (ast.Expr, bool) {
	return definedOnce(info, v, false)
}

// DefinedOnceBy returns the call whose result a local variable holds
// wherever it is read, as DefinedOnce, also when the variable takes one of
// several results (req, err := http.NewRequest(...)): the variable is then
// that result of the call.
func DefinedOnceBy(info *types.Info, v *types.Var) (*ast.CallExpr, bool) {
	e, ok := definedOnce(info, v, true)
	call, isCall := ast.Unparen(e).(*ast.CallExpr)
	return call, ok && isCall
}

// CallOrDefinedOnce returns the call e is, or the call a local variable e
// holds wherever it is read (DefinedOnceBy).
func CallOrDefinedOnce(info *types.Info, e ast.Expr) (*ast.CallExpr, bool) {
	if call, ok := ast.Unparen(e).(*ast.CallExpr); ok {
		return call, true
	}
	if v := VarOf(info, e); v != nil {
		return DefinedOnceBy(info, v)
	}
	return nil, false
}

func definedOnce(info *types.Info, v *types.Var, tupleOK bool) (ast.Expr, bool) {
	if v.Pkg() == nil || v.Parent() == nil || v.Parent() == v.Pkg().Scope() || v.IsField() {
		return nil, false
	}
	d, ok := SoleDef(info, v)
	if !ok || d.Value == nil || !d.ByName() || (d.Op != token.DEFINE && d.Op != token.VAR) {
		return nil, false
	}
	if _, tuple := info.TypeOf(d.Value).(*types.Tuple); tuple && !tupleOK {
		return nil, false // x, err := f(): x is one result of the call
	}
	if id, ok := d.Lhs.(*ast.Ident); !ok || id.Pos() != v.Pos() || addressTaken(info, v) {
		return nil, false
	}
	return d.Value, true
}

// addressTaken reports whether a local variable's address is taken (&v, or a
// method with a pointer receiver called on it) in its scope: what is written
// through the pointer is out of sight. Without the package's Tree it answers
// yes.
func addressTaken(info *types.Info, v *types.Var) bool {
	t := TreeOf(info)
	if t == nil || t.in == nil {
		return true
	}
	pos, end := v.Parent().Pos(), v.Parent().End()
	if v.Pkg() != nil && v.Parent() == v.Pkg().Scope() {
		pos, end = token.Pos(1), token.Pos(math.MaxInt) // a package's scope has no extent: every file
	}
	for _, id := range t.uses.between(info, pos, end) {
		if info.Uses[id] != v {
			continue
		}
		c, ok := t.Cursor(id)
		if !ok || escapes(info, c) {
			return true
		}
	}
	return false
}

// escapes reports whether the value at c is addressed: &x, or a method with a
// pointer receiver called on it.
func escapes(info *types.Info, c inspector.Cursor) bool {
	switch p := c.Parent().Node().(type) {
	case *ast.UnaryExpr:
		return p.Op == token.AND
	case *ast.SelectorExpr:
		if s := info.Selections[p]; s != nil && s.Kind() == types.MethodVal {
			if sig, ok := s.Obj().Type().(*types.Signature); ok && sig.Recv() != nil {
				_, ptr := sig.Recv().Type().(*types.Pointer)
				return ptr
			}
		}
	}
	return false
}

func isNumeric(v constant.Value) bool {
	k := v.Kind()
	return k == constant.Int || k == constant.Float
}
