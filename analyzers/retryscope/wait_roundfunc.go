package retryscope

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"math"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A loop often sizes its wait with a small function of the round:
//
//	for i := 0; i < 3; i++ {
//		...
//		time.Sleep(backoff(i + 1))
//	}
//
//	func backoff(n int) time.Duration {
//		if n > 10 {
//			return time.Minute
//		}
//		return time.Duration(math.Pow(float64(n), 2)) * 100 * time.Millisecond
//	}
//
// When the function reads nothing but its one integer parameter, its locals
// and constants, through operators, conversions, min, max and functions of
// math, with ifs and returns and no loop, its value at each argument is known
// without running the program: it is computed here, for the arguments 0 to
// roundArgs-1, in the arithmetic Go would do (integer division and
// conversions truncate). The wait totals read a call of it at each round's
// argument (Values), or at most the largest value up to the argument's
// ceiling, so the few-tries readings apply to such a loop. A function of
// another package of the analysed code is read through its RoundValues fact;
// a package variable, a field, any other call, a loop or a parameter that is
// no integer leaves the call unsized, as before.

// roundArgs is how many arguments, from 0, a round function is computed at.
const roundArgs = 64

// RoundValues marks a pure function of one integer parameter (see above):
// Values[k] is its result for the argument k, NaN when that argument takes
// a way the reading does not know or overflows.
type RoundValues struct {
	Values []float64
	Origin
}

func (*RoundValues) AFact() {}

func (f *RoundValues) String() string {
	return fmt.Sprintf("computes from its round (%d values)", len(f.Values))
}

// roundValues returns the values of fn at 0 to roundArgs-1 when it is such a
// function: read from its body for a function of the package, from its fact
// for one of another package. Memoized.
func (r *Result) roundValues(fn *types.Func) []float64 {
	if r == nil || r.funcs == nil || fn == nil {
		return nil
	}
	fn = fn.Origin()
	if vs, ok := r.roundFuncs[fn]; ok {
		return vs
	}
	node := r.funcs.byObj[fn]
	if node == nil {
		return nil // another package's: imported by exportRoundValues, if any
	}
	if r.roundFuncs == nil {
		r.roundFuncs = make(map[*types.Func][]float64)
	}
	vs := readRoundValues(r.info, node)
	r.roundFuncs[fn] = vs
	return vs
}

// exportRoundValues imports the RoundValues facts of the functions of other
// packages the package names (a rule's pass cannot import them), and exports
// them for the package's own round functions.
func exportRoundValues(pass *analysis.Pass, res *Result) {
	importFuncFacts(pass, func(fn *types.Func, fact *RoundValues) {
		if res.roundFuncs == nil {
			res.roundFuncs = make(map[*types.Func][]float64)
		}
		res.roundFuncs[fn] = fact.Values
	})
	if IsExternal(pass) {
		return
	}
	for _, fn := range res.funcs.list {
		if vs := res.roundValues(fn.obj); vs != nil {
			exportObjectFact(pass, fn.obj, &RoundValues{Values: vs})
		}
	}
}

// roundCall returns a ceiling on a call of a round function: its largest
// value from 0 up to its argument's ceiling, when the argument is known not
// to be negative.
func (t totalReader) roundCall(call *ast.CallExpr, depth int) (bound, bool) {
	if len(call.Args) != 1 || call.Ellipsis.IsValid() {
		return bound{}, false
	}
	vs := t.res.roundValues(code.Callee(t.info, call))
	if vs == nil {
		return bound{}, false
	}
	arg, ok := t.ceiling(call.Args[0], depth+1)
	if !ok || !arg.nonNeg || arg.value >= float64(len(vs)) {
		return bound{}, false
	}
	top, low := math.Inf(-1), math.Inf(1)
	for _, v := range vs[:int(arg.value)+1] {
		if math.IsNaN(v) {
			return bound{}, false
		}
		top, low = max(top, v), min(low, v)
	}
	return bound{top, low >= 0}, true
}

// readRoundValues computes a function of the package at 0 to roundArgs-1,
// or returns nil when it is no round function.
func readRoundValues(info *types.Info, fn *funcNode) []float64 {
	if fn.body == nil || fn.hasLoop || fn.obj == nil || fn.obj.Signature().Recv() != nil {
		return nil
	}
	sig := fn.obj.Signature()
	if sig.Params().Len() != 1 || sig.Results().Len() != 1 || sig.TypeParams() != nil ||
		!code.IsInteger(sig.Params().At(0).Type()) || !realNumber(sig.Results().At(0).Type()) {
		return nil
	}
	params := fn.params(info)
	if len(params) != 1 || params[0] == nil {
		return nil
	}
	out := make([]float64, roundArgs)
	known := false
	for k := range out {
		e := roundEval{info: info, locals: map[*types.Var]float64{params[0]: float64(k)}, result: sig.Results().At(0).Type()}
		v, returned, ok := e.block(fn.body.List)
		if !ok || !returned {
			v = math.NaN() // a way the reading does not know, or no number (overflow, division by zero)
		}
		out[k], known = v, known || !math.IsNaN(v)
	}
	if !known {
		return nil
	}
	return out
}

// roundEval runs a round function's body for one argument.
type roundEval struct {
	info   *types.Info
	locals map[*types.Var]float64
	result types.Type
	steps  int
}

// block runs a statement list: the value returned, whether it returned, and
// whether every statement was one the reading knows.
func (e *roundEval) block(list []ast.Stmt) (float64, bool, bool) {
	for _, s := range list {
		if e.steps++; e.steps > 256 {
			return 0, false, false
		}
		v, returned, ok := e.stmt(s)
		if !ok || returned {
			return v, returned, ok
		}
	}
	return 0, false, true
}

func (e *roundEval) stmt(s ast.Stmt) (float64, bool, bool) {
	switch s := s.(type) {
	case *ast.ReturnStmt:
		if len(s.Results) != 1 {
			return 0, false, false
		}
		v, ok := e.expr(s.Results[0])
		return roundConvert(e.result, v), true, ok
	case *ast.BlockStmt:
		return e.block(s.List)
	case *ast.IfStmt:
		if s.Init != nil {
			if _, _, ok := e.stmt(s.Init); !ok {
				return 0, false, false
			}
		}
		cond, ok := e.cond(s.Cond)
		switch {
		case !ok:
			return 0, false, false
		case cond:
			return e.block(s.Body.List)
		case s.Else != nil:
			return e.stmt(s.Else)
		}
		return 0, false, true
	case *ast.AssignStmt:
		return 0, false, e.assign(s)
	case *ast.IncDecStmt:
		v := e.local(s.X)
		if v == nil {
			return 0, false, false
		}
		if s.Tok == token.INC {
			e.locals[v]++
		} else {
			e.locals[v]--
		}
		return 0, false, true
	case *ast.DeclStmt:
		return 0, false, e.decl(s)
	}
	return 0, false, false
}

// assign runs x := e, x = e and x op= e on locals of the function.
func (e *roundEval) assign(s *ast.AssignStmt) bool {
	if len(s.Lhs) != len(s.Rhs) {
		return false
	}
	vals := make([]float64, len(s.Rhs))
	for i, rhs := range s.Rhs {
		v, ok := e.expr(rhs)
		if !ok {
			return false
		}
		vals[i] = v
	}
	for i, lhs := range s.Lhs {
		v := e.local(lhs)
		if v == nil {
			return false
		}
		if s.Tok == token.ASSIGN || s.Tok == token.DEFINE {
			e.locals[v] = roundConvert(v.Type(), vals[i])
			continue
		}
		r, ok := roundArith(v.Type(), roundAssignOp(s.Tok), e.locals[v], vals[i])
		if !ok {
			return false
		}
		e.locals[v] = r
	}
	return true
}

// decl runs var x T = e and var x T.
func (e *roundEval) decl(s *ast.DeclStmt) bool {
	gd, ok := s.Decl.(*ast.GenDecl)
	if !ok || gd.Tok != token.VAR {
		return gd != nil && (gd.Tok == token.CONST || gd.Tok == token.TYPE)
	}
	for _, spec := range gd.Specs {
		vs := spec.(*ast.ValueSpec)
		if len(vs.Values) != 0 && len(vs.Values) != len(vs.Names) {
			return false
		}
		for i, name := range vs.Names {
			v, isVar := e.info.Defs[name].(*types.Var)
			if !isVar {
				return false
			}
			e.locals[v] = 0
			if len(vs.Values) > 0 {
				x, ok := e.expr(vs.Values[i])
				if !ok {
					return false
				}
				e.locals[v] = roundConvert(v.Type(), x)
			}
		}
	}
	return true
}

// local returns the variable of the function that x names (a local or the
// parameter, known to the evaluation), or nil.
func (e *roundEval) local(x ast.Expr) *types.Var {
	id, ok := ast.Unparen(x).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := e.info.ObjectOf(id).(*types.Var)
	if !ok || !realNumber(v.Type()) {
		return nil
	}
	if _, known := e.locals[v]; known || e.info.Defs[id] != nil {
		return v
	}
	return nil
}

func (e *roundEval) expr(x ast.Expr) (float64, bool) {
	if tv, ok := e.info.Types[x]; ok && tv.Value != nil {
		f, ok := floatOf(tv.Value)
		return f, ok
	}
	switch x := ast.Unparen(x).(type) {
	case *ast.Ident:
		v, ok := e.info.Uses[x].(*types.Var)
		if !ok {
			return 0, false
		}
		f, known := e.locals[v]
		return f, known
	case *ast.UnaryExpr:
		v, ok := e.expr(x.X)
		switch {
		case !ok:
			return 0, false
		case x.Op == token.SUB:
			return -v, true
		case x.Op == token.ADD:
			return v, true
		}
	case *ast.BinaryExpr:
		a, aok := e.expr(x.X)
		b, bok := e.expr(x.Y)
		if aok && bok {
			return roundArith(e.info.TypeOf(x), x.Op, a, b)
		}
	case *ast.CallExpr:
		return e.call(x)
	}
	return 0, false
}

// call computes a conversion to a number, min, max or a function of math.
func (e *roundEval) call(call *ast.CallExpr) (float64, bool) {
	args := make([]float64, len(call.Args))
	for i, a := range call.Args {
		v, ok := e.expr(a)
		if !ok || call.Ellipsis.IsValid() {
			return 0, false
		}
		args[i] = v
	}
	if tv, ok := e.info.Types[call.Fun]; ok && tv.IsType() {
		if len(args) != 1 || !realNumber(tv.Type) {
			return 0, false
		}
		return roundConvert(tv.Type, args[0]), true
	}
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
		if b, builtin := e.info.Uses[id].(*types.Builtin); builtin && len(args) > 0 {
			switch b.Name() {
			case "min":
				return roundFold(args, math.Min), true
			case "max":
				return roundFold(args, math.Max), true
			}
		}
		return 0, false
	}
	fn := code.Callee(e.info, call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "math" {
		return 0, false
	}
	return roundMath(fn.Name(), args)
}

func roundFold(args []float64, f func(a, b float64) float64) float64 {
	r := args[0]
	for _, a := range args[1:] {
		r = f(r, a)
	}
	return r
}

// mathFunc computes the functions of math a wait is sized with.
func roundMath(name string, args []float64) (float64, bool) {
	one := map[string]func(float64) float64{
		"Exp": math.Exp, "Exp2": math.Exp2, "Log": math.Log, "Log2": math.Log2, "Log10": math.Log10,
		"Sqrt": math.Sqrt, "Abs": math.Abs, "Floor": math.Floor, "Ceil": math.Ceil, "Trunc": math.Trunc, "Round": math.Round,
	}
	two := map[string]func(float64, float64) float64{"Pow": math.Pow, "Min": math.Min, "Max": math.Max}
	var r float64
	switch {
	case len(args) == 1 && one[name] != nil:
		r = one[name](args[0])
	case len(args) == 2 && two[name] != nil:
		r = two[name](args[0], args[1])
	default:
		return 0, false
	}
	return r, !math.IsNaN(r) && !math.IsInf(r, 0)
}

// cond computes a condition: comparisons, &&, || and ! of numbers the
// evaluation knows.
func (e *roundEval) cond(x ast.Expr) (bool, bool) {
	if tv, ok := e.info.Types[x]; ok && tv.Value != nil && tv.Value.Kind() == constant.Bool {
		return constant.BoolVal(tv.Value), true
	}
	switch x := ast.Unparen(x).(type) {
	case *ast.UnaryExpr:
		if x.Op == token.NOT {
			v, ok := e.cond(x.X)
			return !v, ok
		}
	case *ast.BinaryExpr:
		switch x.Op {
		case token.LAND, token.LOR:
			a, ok := e.cond(x.X)
			if !ok || a == (x.Op == token.LOR) {
				return a, ok
			}
			return e.cond(x.Y)
		}
		a, aok := e.expr(x.X)
		b, bok := e.expr(x.Y)
		if !aok || !bok {
			return false, false
		}
		switch x.Op {
		case token.LSS:
			return a < b, true
		case token.LEQ:
			return a <= b, true
		case token.GTR:
			return a > b, true
		case token.GEQ:
			return a >= b, true
		case token.EQL:
			return a == b, true
		case token.NEQ:
			return a != b, true
		}
	}
	return false, false
}

// arith computes a op b in the type t: integer division and remainder
// truncate, shifts are of integers; a result beyond 2^62 is no size.
func roundArith(t types.Type, op token.Token, a, b float64) (float64, bool) {
	integer := code.IsInteger(t)
	var r float64
	switch op {
	case token.ADD:
		r = a + b
	case token.SUB:
		r = a - b
	case token.MUL:
		r = a * b
	case token.QUO:
		if b == 0 {
			return 0, false
		}
		r = a / b
	case token.REM:
		if !integer || b == 0 {
			return 0, false
		}
		r = math.Mod(a, b)
	case token.SHL, token.SHR:
		if !integer || b < 0 || b > 62 {
			return 0, false
		}
		r = a * math.Exp2(b)
		if op == token.SHR {
			r = math.Floor(a / math.Exp2(b))
		}
	default:
		return 0, false
	}
	if math.Abs(r) > 1<<62 || math.IsNaN(r) || r < 0 && roundUnsigned(t) {
		return 0, false // Go would wrap it around
	}
	return roundConvert(t, r), true
}

func roundAssignOp(tok token.Token) token.Token {
	switch tok {
	case token.ADD_ASSIGN:
		return token.ADD
	case token.SUB_ASSIGN:
		return token.SUB
	case token.MUL_ASSIGN:
		return token.MUL
	case token.QUO_ASSIGN:
		return token.QUO
	case token.SHL_ASSIGN:
		return token.SHL
	case token.SHR_ASSIGN:
		return token.SHR
	}
	return token.ILLEGAL
}

// convertTo converts v to t: toward zero for an integer type.
func roundConvert(t types.Type, v float64) float64 {
	if code.IsInteger(t) {
		return math.Trunc(v)
	}
	return v
}

func roundUnsigned(t types.Type) bool {
	if t == nil {
		return false
	}
	b, ok := types.Unalias(t).Underlying().(*types.Basic)
	return ok && b.Info()&types.IsUnsigned != 0
}

// realNumber reports whether t is an integer or floating-point type.
func realNumber(t types.Type) bool {
	if t == nil {
		return false
	}
	b, ok := types.Unalias(t).Underlying().(*types.Basic)
	return ok && b.Info()&(types.IsInteger|types.IsFloat) != 0
}
