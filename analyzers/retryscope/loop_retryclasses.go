package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/cfg"

	"github.com/retrylint/retrylint/analyzers/internal/code"
	"github.com/retrylint/retrylint/internal/rules"
)

// Which errors a hand-written retry goes round on.
//
// A retry layer multiplies the attempts of a client that retries by itself
// only for the errors both retry. An outer loop that goes back to the attempt
// only after a test that singles out one kind of error — errors.As into a
// concrete type, a status code compared with a constant, a classifier's error
// code compared with a constant — retries that kind only; when the inner
// client never retries it (an SDK's "authorization pending" answer, a 401),
// the layers do not multiply. The classification concepts are retryall's: the
// failure path from the outcome check to the next attempt, the same tests.

// errorClass is the kind of error one side of a test lets through.
type errorClass struct {
	typ      *types.TypeName // errors.As into this concrete type
	statuses *codeSet        // the status codes for which the test holds
	code     string          // a classifier's error code equal to this (a named constant: its name)
	sentinel *types.Var      // err == v or errors.Is(err, v): this error value
	noSpace  bool            // the local disk is full (ENOSPC: loop_nospace.go)
	auth     bool            // the request lacked the right credentials (loop_authescalate.go)
	// transient: a temporary or timeout failure (loop_errmethods.go)
	transient bool
	// timeout: of those, only a timeout (loop_timeoutread.go)
	timeout bool
	// conflict: a predicate named for a write's conflict said so
	// (isConflict(err), isConditionNotMet(err): loop_sentinel.go)
	conflict bool
}

// retryWays records how a region's failure paths get back to the next
// attempt, for RetriesNoneOf; nil when the region has no such path to follow.
type retryWays struct {
	f      *flow
	checks []*outcomeCheck // the region's outcome checks whose failure retries
	// others are the loop's other outcome checks (a later step of the
	// attempt, made on some rounds only): their failures may go round too.
	others []*outcomeCheck
	target func(*cfg.Block) bool
	inside func(*cfg.Block) bool
	vars   []types.Object
}

// maxWays and maxSteps bound the ways followed from a region's failure paths;
// more is out of reach and counts as retrying every error.
const (
	maxWays  = 32
	maxSteps = 2000
)

// RetriesNoneOf reports whether every way from the region's failure back to
// its next attempt passes a test that lets through only errors the inner call
// never retries (the knowledge base's retried_errors of a self-retrying
// client). An inner call whose retried errors are unknown retries everything.
func (r *Region) RetriesNoneOf(in *InnerRetry) bool {
	if r.ways == nil || in.retried == nil && len(in.unretried) == 0 {
		return false
	}
	return r.ways.passOnly(func(c errorClass) bool { return !in.mayRetry(c) })
}

// passOnly reports whether every way back to the next attempt passes a test
// whose side taken lets through only errors that excluded accepts.
func (w *retryWays) passOnly(excluded func(errorClass) bool) bool {
	walk := &wayWalk{ways: w, onWay: map[*cfg.Block]bool{}, excluded: excluded}
	for _, c := range w.checks {
		// The check may itself test the kind (errors.As(err, &t) { continue }).
		if side := w.f.classTest(c.block, w.vars); side != nil && side.lets(c.failWhenTrue, excluded) {
			continue
		}
		if walk.follow(c.failure(), 0) > 0 {
			return false
		}
	}
	return true
}

// wayWalk follows the ways of one region for one inner call.
type wayWalk struct {
	ways     *retryWays
	onWay    map[*cfg.Block]bool // the blocks of the way so far
	steps    int
	excluded func(errorClass) bool
}

// classTest is a test of an error's kind: onTrue and onFalse say whether the
// side lets through only errors that excluded accepts (nil: any error).
type classTest struct{ onTrue, onFalse sideTest }

type sideTest func(excluded func(errorClass) bool) bool

// lets reports whether the side taken (true or false) lets through only
// excluded errors.
func (t *classTest) lets(side bool, excluded func(errorClass) bool) bool {
	s := t.onFalse
	if side {
		s = t.onTrue
	}
	return s != nil && s(excluded)
}

func leaf(c *errorClass) sideTest {
	if c == nil {
		return nil
	}
	return func(ex func(errorClass) bool) bool { return ex(*c) }
}

// both: a side that lets through only what both tests let through is
// excluded when either is; either: only when both are.
func both(a, b sideTest) sideTest {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	}
	return func(ex func(errorClass) bool) bool { return a(ex) || b(ex) }
}

func either(a, b sideTest) sideTest {
	if a == nil || b == nil {
		return nil
	}
	return func(ex func(errorClass) bool) bool { return a(ex) && b(ex) }
}

// follow counts the ways from b to the target that pass no test whose side
// taken lets through only excluded errors; past the bounds it answers more
// than maxWays.
func (w *wayWalk) follow(b *cfg.Block, depth int) int {
	switch {
	case w.ways.target(b):
		return 1
	case !w.ways.inside(b) || w.onWay[b]:
		return 0
	}
	if w.steps++; w.steps > maxSteps || depth > maxSteps/10 {
		return maxWays + 1
	}
	w.onWay[b] = true
	defer delete(w.onWay, b)
	sides := w.ways.f.classTest(b, w.ways.vars)
	n := 0
	for i, s := range b.Succs {
		if sides != nil && sides.lets(i == 0, w.excluded) {
			continue
		}
		if n += w.follow(s, depth+1); n > maxWays {
			return n
		}
	}
	return n
}

// classTest returns the test of an error's kind that ends a two-way block,
// or nil.
func (f *flow) classTest(b *cfg.Block, vars []types.Object) *classTest {
	cond := condOf(b)
	if cond == nil {
		return nil
	}
	t := f.classOf(cond, vars)
	if tag := f.tags[cond]; tag != nil && t.onTrue == nil && t.onFalse == nil {
		t = f.authCase(tag, cond) // loop_authclass.go
	}
	if t.onTrue == nil && t.onFalse == nil {
		return nil
	}
	return &t
}

// classOf decides a condition: what it lets through when true and when
// false. && and || combine the sides of their operands.
func (f *flow) classOf(cond ast.Expr, vars []types.Object) classTest {
	switch e := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			t := f.classOf(e.X, vars)
			return classTest{onTrue: t.onFalse, onFalse: t.onTrue}
		}
	case *ast.Ident:
		if c := f.assertedType(e, vars); c != nil {
			return classTest{onTrue: leaf(c)}
		}
	case *ast.CallExpr:
		if c := f.asTarget(e, vars); c != nil {
			return classTest{onTrue: leaf(c)}
		}
		if c := f.noSpaceCall(e, vars); c != nil {
			return classTest{onTrue: leaf(c)}
		}
		if isConflictTest(f.info, e, vars) {
			return classTest{onTrue: leaf(conflictStatus())}
		}
		if t, ok := f.predicateClass(e, vars); ok {
			return t
		}
		if f.conflictPredicate(e, vars) {
			return classTest{onTrue: leaf(&errorClass{conflict: true})}
		}
		if c := f.authCall(e, vars); c != nil {
			return classTest{onTrue: leaf(c)}
		}
		if f.transientTest(e, vars) {
			return classTest{onTrue: leaf(&errorClass{transient: true, timeout: asksTimeout(f.info, e)})}
		}
		return classTest{onTrue: leaf(f.isSentinel(e, vars))}
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LAND:
			x, y := f.classOf(e.X, vars), f.classOf(e.Y, vars)
			return classTest{onTrue: both(x.onTrue, y.onTrue), onFalse: either(x.onFalse, y.onFalse)}
		case token.LOR:
			x, y := f.classOf(e.X, vars), f.classOf(e.Y, vars)
			return classTest{onTrue: either(x.onTrue, y.onTrue), onFalse: both(x.onFalse, y.onFalse)}
		}
		if t := f.sentinelCompare(e, vars); t.onTrue != nil || t.onFalse != nil {
			return t
		}
		if t := f.noSpaceCompare(e, vars); t.onTrue != nil || t.onFalse != nil {
			return t
		}
		if t := f.compareClass(e); t.onTrue != nil || t.onFalse != nil {
			return t
		}
		return f.authStatusCompare(e)
	}
	return classTest{}
}

// predicateClass decides a call of a predicate of the package handed the
// attempt's error (isInUse(err)): a function with one bool result whose body
// ends in its only return, read as the test it returns, with the parameter
// standing for the error (func isInUse(err error) bool { var ae APIError;
// ok := errors.As(err, &ae); return ok && ae.ErrorCode() == "InUse" }). A
// predicate calling itself, or one out of reach, decides nothing.
func (f *flow) predicateClass(call *ast.CallExpr, vars []types.Object) (classTest, bool) {
	fn := code.Callee(f.info, call)
	if fn == nil || f.reading[fn] {
		return classTest{}, false
	}
	node := f.res.funcs.byObj[fn]
	sig := fn.Signature()
	if node == nil || node.body == nil || sig.Results().Len() != 1 || !code.IsBoolean(sig.Results().At(0).Type()) || len(call.Args) != sig.Params().Len() {
		return classTest{}, false
	}
	var params []types.Object
	for i, a := range call.Args {
		if mentions(f.info, a, vars) {
			params = append(params, sig.Params().At(i))
		}
	}
	ret := soleFinalReturn(node.body)
	if len(params) == 0 || ret == nil || len(ret.Results) != 1 {
		return classTest{}, false
	}
	if f.reading == nil {
		f.reading = make(map[*types.Func]bool)
	}
	f.reading[fn] = true
	defer delete(f.reading, fn)
	t := f.classOf(ret.Results[0], params)
	return t, t.onTrue != nil || t.onFalse != nil
}

// soleFinalReturn returns a body's last statement when it is the body's only
// return (nested literals aside), or nil.
func soleFinalReturn(body *ast.BlockStmt) *ast.ReturnStmt {
	if len(body.List) == 0 {
		return nil
	}
	last, ok := body.List[len(body.List)-1].(*ast.ReturnStmt)
	if !ok {
		return nil
	}
	n := 0
	code.Inspect(body, func(x ast.Node) bool {
		switch x.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			n++
		}
		return true
	})
	if n != 1 {
		return nil
	}
	return last
}

// compareClass decides a comparison: a status condition, a status read
// through a method, or an error code.
func (f *flow) compareClass(b *ast.BinaryExpr) classTest {
	if _, set, ok := statusCondition(f.info, b); ok {
		var not codeSet
		for i := range set {
			not[i] = !set[i]
		}
		return classTest{onTrue: leaf(&errorClass{statuses: set}), onFalse: leaf(&errorClass{statuses: &not})}
	}
	if b.Op != token.EQL && b.Op != token.NEQ {
		return classTest{}
	}
	c := f.statusMethodCompare(b)
	if c == nil {
		c = f.errorCodeCompare(b)
	}
	if b.Op == token.NEQ {
		return classTest{onFalse: leaf(c)}
	}
	return classTest{onTrue: leaf(c)}
}

// asTarget: errors.As(err, &v) on the attempt's error, with v of a concrete
// named type, lets through that type.
func (f *flow) asTarget(call *ast.CallExpr, vars []types.Object) *errorClass {
	if !isErrorsAs(f.info, call) {
		return nil
	}
	if !mentions(f.info, call.Args[0], vars) {
		return nil
	}
	p, ok := types.Unalias(f.info.TypeOf(call.Args[1])).(*types.Pointer)
	if !ok {
		return nil
	}
	return typeClass(p.Elem())
}

// typeClass is the class of errors of t, a concrete named type or a pointer
// to one, or nil.
func typeClass(t types.Type) *errorClass {
	t = types.Unalias(t)
	if p, isPtr := t.(*types.Pointer); isPtr {
		t = types.Unalias(p.Elem())
	}
	n, ok := t.(*types.Named)
	if !ok || types.IsInterface(n) || n.Obj().Pkg() == nil {
		return nil
	}
	return &errorClass{typ: n.Obj()}
}

// assertedType: ok from `_, ok := err.(T)` on the attempt's error, with T a
// concrete named type (or a pointer to one), the only value ok is given,
// lets through T when true, as errors.As(err, &t) does for an unwrapped
// error.
func (f *flow) assertedType(ok *ast.Ident, vars []types.Object) *errorClass {
	v, isVar := f.info.Uses[ok].(*types.Var)
	if !isVar || !code.IsBoolean(v.Type()) {
		return nil
	}
	d, sole := code.SoleDef(f.info, v)
	as, isAssign := d.Stmt.(*ast.AssignStmt)
	if !sole || !isAssign || len(as.Lhs) != 2 || len(as.Rhs) != 1 || code.VarOf(f.info, as.Lhs[1]) != v {
		return nil
	}
	ta, isAssert := ast.Unparen(as.Rhs[0]).(*ast.TypeAssertExpr)
	if !isAssert || ta.Type == nil || !mentions(f.info, ta.X, vars) {
		return nil
	}
	return typeClass(f.info.TypeOf(ta.Type))
}

// statusMethodCompare: x.HTTPStatusCode() == 401 or x.StatusCode() == 401, a
// status read through a method (an SDK's response error).
func (f *flow) statusMethodCompare(b *ast.BinaryExpr) *errorClass {
	c, other := callCompared(b)
	if c == nil || len(c.Args) != 0 {
		return nil
	}
	fn := code.Callee(f.info, c)
	if fn == nil || (fn.Name() != "HTTPStatusCode" && fn.Name() != "StatusCode") {
		return nil
	}
	v, ok := code.Int(f.info, other)
	if !ok || v < minStatus || v >= maxStatus {
		return nil
	}
	var set codeSet
	set[v-minStatus] = true
	return &errorClass{statuses: &set}
}

// errorCodeCompare: a knowledge-base classifier's result compared with a
// constant lets through that code: a string (an API error's ErrorCode()), or
// a named constant by its name (status.Code(err) == codes.Aborted).
func (f *flow) errorCodeCompare(b *ast.BinaryExpr) *errorClass {
	c, other := callCompared(b)
	if c == nil || f.res.Knowledge == nil {
		return nil
	}
	fn := code.Callee(f.info, c)
	if fn == nil || !f.res.Knowledge.IsClassifier(fn) {
		return nil
	}
	if s, ok := code.String(f.info, other); ok {
		return &errorClass{code: s}
	}
	if id := code.NameIdent(other); id != nil {
		if k, ok := f.info.Uses[id].(*types.Const); ok {
			return &errorClass{code: k.Name()}
		}
	}
	return nil
}

// callCompared returns the call on one side of a comparison (the left one
// when both are calls) and the other side; nil when neither side is a call.
func callCompared(b *ast.BinaryExpr) (*ast.CallExpr, ast.Expr) {
	if c, ok := ast.Unparen(b.X).(*ast.CallExpr); ok {
		return c, b.Y
	}
	if c, ok := ast.Unparen(b.Y).(*ast.CallExpr); ok {
		return c, b.X
	}
	return nil, nil
}

// mayRetry reports whether the inner call may retry errors of the class.
func (in *InnerRetry) mayRetry(c errorClass) bool {
	if c.sentinel != nil && slices.Contains(in.unretried, sentinelName(c.sentinel)) {
		return false // the inner layer returns it at once
	}
	return retriesClass(in.retried, c)
}

func retriesClass(k *rules.RetriedErrors, c errorClass) bool {
	switch {
	case k == nil:
		return true
	case c.typ != nil:
		name := c.typ.Pkg().Path() + "." + c.typ.Name()
		return !k.IsAPIError(name) || slices.Contains(k.ErrorCodes, c.typ.Name())
	case c.statuses != nil:
		for _, s := range k.StatusCodes {
			if s >= minStatus && s < maxStatus && c.statuses.has(int64(s)) {
				return true
			}
		}
		return false
	case c.code != "":
		return slices.Contains(k.ErrorCodes, c.code)
	}
	return true
}
