package retryscope

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/cfg"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A self-call may hand a parameter a constant under which the conditions on
// every way to that call fail (add(port, 0) under `if err != nil && lease > 0`,
// the parameter never assigned): the call it makes cannot make this call
// again, so the function asks at most once more. When the attempt reads the
// parameter (the request carries the lease), that second call is another
// request: a fallback, not a retry of the failed one. A flag that only the
// guard reads (send(body, true) under !retried) sends the same request once
// more, which stays a retry.

// fallsBackOnce reports whether call is such a one-shot fallback for the
// attempts.
func (f *flow) fallsBackOnce(call *ast.CallExpr, attempts []*ast.CallExpr) bool {
	params := f.fn.params(f.info)
	for i, a := range call.Args {
		if i >= len(params) || params[i] == nil {
			continue
		}
		v := f.info.Types[a].Value
		if v == nil {
			v = f.setBefore(call, a, params[i])
		}
		if v == nil || !f.onlyAssigned(params[i], v) || !f.attemptsRead(attempts, params[i]) {
			continue
		}
		if !f.reachableWith(call, params[i], v) {
			return true
		}
	}
	return false
}

// A parameter the function sets to one constant and to nothing else
// (fromByte = 0 before get(fromByte)) holds that constant at a self-call every
// way to which passes such an assignment: the self-call hands it the constant.
// Under that constant the parameter holds it wherever it is read, so the
// guards are evaluated as for a constant argument.

// onlyAssigned reports whether every assignment of p in the package gives it
// the constant v (none at all included).
func (f *flow) onlyAssigned(p *types.Var, v constant.Value) bool {
	for _, d := range code.DefsOf(f.info, p) {
		if !d.Replaces() || d.Value == nil {
			return false
		}
		w := f.info.Types[d.Value].Value
		if w == nil || !comparableConsts(w, v, token.EQL) || !constant.Compare(w, token.EQL, v) {
			return false
		}
	}
	return true
}

// setBefore returns the constant the argument a holds when a is the
// parameter p and every way from the function's entry to call passes an
// assignment of a constant to p, or nil.
func (f *flow) setBefore(call *ast.CallExpr, a ast.Expr, p *types.Var) constant.Value {
	id, ok := ast.Unparen(a).(*ast.Ident)
	if !ok || f.info.Uses[id] != p || len(f.g.Blocks) == 0 {
		return nil
	}
	var v constant.Value
	sets := map[*cfg.Block]bool{}
	for _, b := range f.g.Blocks {
		for _, n := range b.Nodes {
			as, isAssign := n.(*ast.AssignStmt)
			if !isAssign || as.Pos() > call.Pos() || len(as.Lhs) != len(as.Rhs) {
				continue
			}
			for i, l := range as.Lhs {
				if lid, ok := l.(*ast.Ident); ok && f.info.Uses[lid] == p {
					if w := f.info.Types[as.Rhs[i]].Value; w != nil {
						sets[b], v = true, w
					}
				}
			}
		}
	}
	if v == nil {
		return nil
	}
	at := f.blocksOf([]*ast.CallExpr{call})
	if searchBlocks([]*cfg.Block{f.g.Blocks[0]}, nil, func(b *cfg.Block) blockStep {
		switch {
		case sets[b]:
			return skip
		case at[b]:
			return stopHere
		}
		return follow
	}) {
		return nil
	}
	return v
}

// attemptsRead reports whether an attempt's arguments derive from p in the
// function.
func (f *flow) attemptsRead(attempts []*ast.CallExpr, p types.Object) bool {
	whole := &loop{stmt: f.fn.body, pos: f.fn.body.Pos(), end: f.fn.body.End()}
	set := f.derived(whole, []types.Object{p})
	inputs := map[types.Object]bool{}
	for _, call := range attempts {
		for _, a := range call.Args {
			if mentions(f.info, a, set) {
				return true
			}
			if r := code.Root(f.info, a, 0); r != nil {
				inputs[r] = true
			}
		}
	}
	return f.writesInput(inputs, set)
}

// writesInput reports whether a method called on an attempt's input, or on a
// field of it, is handed a value derived from the set
// (req.Header.Set("Range", fmt.Sprint(from))): the input carries it.
func (f *flow) writesInput(inputs map[types.Object]bool, set []types.Object) bool {
	found := false
	code.Inspect(f.fn.body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found {
			return !found
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if s := f.info.Selections[sel]; !ok || s == nil || s.Kind() != types.MethodVal || !inputs[code.Root(f.info, sel.X, 0)] {
			return true
		}
		for _, a := range call.Args {
			found = found || mentions(f.info, a, set)
		}
		return !found
	})
	return found
}

// reachableWith reports whether the call can run when p holds v: the search
// from the entry takes only the branch a condition on p and constants
// decides under v.
func (f *flow) reachableWith(call *ast.CallExpr, p *types.Var, v constant.Value) bool {
	return f.reachableWhere(f.blocksOf([]*ast.CallExpr{call}), f.usesOf(p), v)
}

// usesOf matches the uses of p.
func (f *flow) usesOf(p *types.Var) operandTest {
	return func(e ast.Expr) bool { id := identOf(e); return id != nil && f.info.Uses[id] == p }
}

// An operandTest tells the expressions that read one value: a parameter, a
// field, a map element.
type operandTest func(ast.Expr) bool

// reachableWhere reports whether one of the target blocks can run when the
// operand holds v: the search from the entry takes only the branch a
// condition on the operand and constants decides under v.
func (f *flow) reachableWhere(at map[*cfg.Block]bool, p operandTest, v constant.Value) bool {
	if len(f.g.Blocks) == 0 {
		return true
	}
	seen := map[*cfg.Block]bool{}
	var visit func(b *cfg.Block) bool
	visit = func(b *cfg.Block) bool {
		if seen[b] {
			return false
		}
		seen[b] = true
		if at[b] {
			return true
		}
		succs := b.Succs
		if cond := condOf(b); cond != nil {
			if holds, known := f.evalWith(cond, p, v); known {
				succs = b.Succs[1:]
				if holds {
					succs = b.Succs[:1]
				}
			}
		}
		for _, s := range succs {
			if visit(s) {
				return true
			}
		}
		return false
	}
	return visit(f.g.Blocks[0])
}

// evalWith evaluates a condition with p set to v: comparisons of p and
// constants, !, && and ||; known is false when the rest of the condition
// decides (err != nil && lease > 0 is false for lease 0, whatever err is).
func (f *flow) evalWith(e ast.Expr, p operandTest, v constant.Value) (holds, known bool) {
	if p(e) {
		return v.Kind() == constant.Bool && constant.BoolVal(v), v.Kind() == constant.Bool
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			h, k := f.evalWith(e.X, p, v)
			return !h, k
		}
	case *ast.BinaryExpr:
		if e.Op == token.LAND || e.Op == token.LOR {
			return f.evalLogic(e, p, v)
		}
		x, y := f.valueWith(e.X, p, v), f.valueWith(e.Y, p, v)
		if x == nil || y == nil || !comparableConsts(x, y, e.Op) {
			return false, false
		}
		return constant.Compare(x, e.Op, y), true
	}
	return false, false
}

func (f *flow) evalLogic(e *ast.BinaryExpr, p operandTest, v constant.Value) (holds, known bool) {
	x, xk := f.evalWith(e.X, p, v)
	y, yk := f.evalWith(e.Y, p, v)
	decides := e.Op == token.LOR // true decides ||, false decides &&
	switch {
	case xk && x == decides, yk && y == decides:
		return decides, true
	case xk && yk:
		return !decides, true
	}
	return false, false
}

func (f *flow) valueWith(e ast.Expr, p operandTest, v constant.Value) constant.Value {
	if p(e) {
		return v
	}
	return f.info.Types[e].Value
}

// comparableConsts reports whether constant.Compare can compare x and y with op.
func comparableConsts(x, y constant.Value, op token.Token) bool {
	switch op {
	case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
	default:
		return false
	}
	numeric := func(k constant.Kind) bool { return k == constant.Int || k == constant.Float }
	switch {
	case numeric(x.Kind()) && numeric(y.Kind()):
		return true
	case x.Kind() == constant.String && y.Kind() == constant.String:
		return true
	case x.Kind() == constant.Bool && y.Kind() == constant.Bool:
		return op == token.EQL || op == token.NEQ
	}
	return false
}
