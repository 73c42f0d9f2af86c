package retryscope

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"net/http"

	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/cfg"
	"golang.org/x/tools/go/types/typeutil"
)

// outcomeCheck is a condition that tells an attempt's failure from its success.
type outcomeCheck struct {
	block *cfg.Block
	// failWhenTrue says which successor is the failure path: Succs[0] when true.
	failWhenTrue bool
	// attempts are the calls whose outcome the condition tests.
	attempts []*ast.CallExpr
	vars     []types.Object
}

func (c *outcomeCheck) failure() *cfg.Block {
	if c.failWhenTrue {
		return c.block.Succs[0]
	}
	return c.block.Succs[1]
}

func (c *outcomeCheck) success() *cfg.Block {
	if c.failWhenTrue {
		return c.block.Succs[1]
	}
	return c.block.Succs[0]
}

// condOf returns the condition of a two-way block, or nil.
func condOf(b *cfg.Block) ast.Expr {
	if len(b.Succs) != 2 || len(b.Nodes) == 0 {
		return nil
	}
	if b.Kind == cfg.KindSelectCaseBody || b.Kind == cfg.KindSelectAfterCase {
		return nil
	}
	e, _ := b.Nodes[len(b.Nodes)-1].(ast.Expr)
	return e
}

// outcomeTest decides whether cond tests an outcome (an error against nil, or an
// HTTP status), and returns the tested expression and whether true means failure.
// tag is the switch tag when cond is a case value of a tagged switch.
func outcomeTest(info *types.Info, cond ast.Expr, tag ast.Expr) (tested []ast.Expr, failWhenTrue, ok bool) {
	cond = ast.Unparen(cond)
	if tag != nil {
		t, f, ok := taggedTest(info, tag, cond)
		return []ast.Expr{t}, f, ok
	}
	if u, isNot := cond.(*ast.UnaryExpr); isNot && u.Op == token.NOT {
		t, f, ok := outcomeTest(info, u.X, nil)
		return t, !f, ok
	}
	if bin, isBin := cond.(*ast.BinaryExpr); isBin && (bin.Op == token.LAND || bin.Op == token.LOR) {
		return logicalTest(info, bin)
	}
	t, f, ok := simpleTest(info, cond)
	return []ast.Expr{t}, f, ok
}

// logicalTest handles `a && b` and `a || b` where the operands that test an
// outcome agree on what "true" means: err != nil && retryable(err) is a failure
// when true; err == nil && resp.StatusCode == 200 a success.
func logicalTest(info *types.Info, bin *ast.BinaryExpr) ([]ast.Expr, bool, bool) {
	var tested []ast.Expr
	var fail, seen, other bool
	for _, operand := range []ast.Expr{bin.X, bin.Y} {
		t, f, ok := outcomeTest(info, operand, nil)
		if !ok {
			other = true
			continue
		}
		if seen && f != fail {
			return nil, false, false
		}
		tested, fail, seen = append(tested, t...), f, true
	}
	// "err == nil && st.Done" exits on a condition of the result, not on success
	// (a poller); "err != nil || !st.Done" likewise goes round on either.
	if other && ((bin.Op == token.LAND && !fail) || (bin.Op == token.LOR && fail)) {
		return nil, false, false
	}
	return tested, fail, seen
}

func simpleTest(info *types.Info, cond ast.Expr) (tested ast.Expr, failWhenTrue, ok bool) {
	bin, isBin := cond.(*ast.BinaryExpr)
	if !isBin || (bin.Op != token.EQL && bin.Op != token.NEQ && !isOrder(bin.Op)) {
		return nil, false, false
	}
	x, y := ast.Unparen(bin.X), ast.Unparen(bin.Y)
	if isNil(info, y) && isErrorType(info.TypeOf(x)) && !isContextErr(info, x) {
		return x, bin.Op == token.NEQ, true
	}
	if isNil(info, x) && isErrorType(info.TypeOf(y)) && !isContextErr(info, y) {
		return y, bin.Op == token.NEQ, true
	}
	if resp, fail, ok := statusTest(info, bin); ok {
		return resp, fail, true
	}
	return nil, false, false
}

func taggedTest(info *types.Info, tag, value ast.Expr) (ast.Expr, bool, bool) {
	tag = ast.Unparen(tag)
	if isErrorType(info.TypeOf(tag)) && isNil(info, value) {
		return tag, false, true // case nil: true means success
	}
	if resp := statusCodeOf(info, tag); resp != nil {
		if code, ok := intConst(info, value); ok {
			return resp, !(code >= 200 && code < 300), true
		}
	}
	return nil, false, false
}

func isOrder(op token.Token) bool {
	return op == token.LSS || op == token.LEQ || op == token.GTR || op == token.GEQ
}

// statusTest recognises resp.StatusCode compared with a constant and says which
// side is a failure: 2xx is success, anything else failure.
func statusTest(info *types.Info, bin *ast.BinaryExpr) (ast.Expr, bool, bool) {
	x, y, op := bin.X, bin.Y, bin.Op
	resp := statusCodeOf(info, x)
	if resp == nil {
		if resp = statusCodeOf(info, y); resp == nil {
			return nil, false, false
		}
		x, y, op = y, x, mirror(op)
	}
	code, ok := intConst(info, y)
	if !ok {
		return nil, false, false
	}
	// Does "true" describe only 2xx codes (success), or only non-2xx (failure)?
	okWhenTrue := statusRange(op, code, true)
	failWhenTrue := statusRange(op, code, false)
	switch {
	case okWhenTrue:
		return resp, false, true
	case failWhenTrue:
		return resp, true, true
	}
	return nil, false, false
}

// statusRange reports whether every status code (100..599) satisfying "c op code"
// is a success (want true) or every one is a failure (want false).
func statusRange(op token.Token, code int64, want bool) bool {
	any := false
	for c := int64(100); c < 600; c++ {
		if !compare(c, op, code) {
			continue
		}
		any = true
		if (c >= 200 && c < 300) != want {
			return false
		}
	}
	return any
}

func compare(a int64, op token.Token, b int64) bool {
	switch op {
	case token.EQL:
		return a == b
	case token.NEQ:
		return a != b
	case token.LSS:
		return a < b
	case token.LEQ:
		return a <= b
	case token.GTR:
		return a > b
	case token.GEQ:
		return a >= b
	}
	return false
}

func mirror(op token.Token) token.Token {
	switch op {
	case token.LSS:
		return token.GTR
	case token.LEQ:
		return token.GEQ
	case token.GTR:
		return token.LSS
	case token.GEQ:
		return token.LEQ
	}
	return op
}

// statusCodeOf returns x of x.StatusCode when x is an *http.Response (or any struct
// with an int StatusCode field), else nil.
func statusCodeOf(info *types.Info, e ast.Expr) ast.Expr {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "StatusCode" {
		return nil
	}
	if v, ok := info.Uses[sel.Sel].(*types.Var); ok && v.IsField() {
		return sel.X
	}
	return nil
}

func intConst(info *types.Info, e ast.Expr) (int64, bool) {
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil {
		return 0, false
	}
	v := constant.ToInt(tv.Value)
	if v.Kind() != constant.Int {
		return 0, false
	}
	return constant.Int64Val(v)
}

func isNil(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.IsNil()
}

var errorType = types.Universe.Lookup("error").Type().Underlying().(*types.Interface)

func isErrorType(t types.Type) bool {
	if t == nil {
		return false
	}
	if _, ok := t.Underlying().(*types.Interface); !ok {
		// A concrete error type compared with nil is a pointer check; count it.
		_, isPtr := t.Underlying().(*types.Pointer)
		return isPtr && types.Implements(t, errorType)
	}
	return types.Implements(t, errorType)
}

// isHTTPResponse reports whether t is *net/http.Response.
func isHTTPResponse(t types.Type) bool {
	p, ok := t.(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := p.Elem().(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "net/http" && n.Obj().Name() == "Response"
}

var _ = http.StatusOK // status codes above are net/http's

// rootVar returns the variable at the root of an expression (x of x.f.g, x[i]).
func rootVar(info *types.Info, e ast.Expr) types.Object {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			if v, ok := info.Uses[x].(*types.Var); ok {
				return v
			}
			if v, ok := info.Defs[x].(*types.Var); ok {
				return v
			}
			return nil
		case *ast.SelectorExpr:
			if _, isPkg := info.Uses[identOf(x.X)].(*types.PkgName); isPkg {
				return nil
			}
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		default:
			return nil
		}
	}
}

func identOf(e ast.Expr) *ast.Ident {
	id, _ := ast.Unparen(e).(*ast.Ident)
	return id
}

// mentions reports whether n refers to any of the objects.
func mentions(info *types.Info, n ast.Node, objs []types.Object) bool {
	if n == nil || len(objs) == 0 {
		return false
	}
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if found {
			return false
		}
		if id, ok := m.(*ast.Ident); ok {
			o := info.Uses[id]
			for _, want := range objs {
				if o == want {
					found = true
				}
			}
		}
		return true
	})
	return found
}

// enclosingPath returns the path from the file root to the node at [pos, end).
func enclosingPath(files []*ast.File, pos, end token.Pos) []ast.Node {
	for _, f := range files {
		if f.FileStart <= pos && pos <= f.FileEnd {
			path, _ := astutil.PathEnclosingInterval(f, pos, end)
			return path
		}
	}
	return nil
}

// isContextErr reports whether e is ctx.Err(): a question about the deadline, not
// the outcome of an attempt.
func isContextErr(info *types.Info, e ast.Expr) bool {
	call, ok := e.(*ast.CallExpr)
	if !ok {
		return false
	}
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	return fn != nil && fn.FullName() == "(context.Context).Err"
}
