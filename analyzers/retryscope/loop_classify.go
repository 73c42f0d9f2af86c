package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/cfg"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// classification returns the first node on a failure path that tells errors
// apart, or nil. The failure path is the check's own block and every block
// reachable from its failure side before the loop's header.
func (f *flow) classification(l *loop, c *outcomeCheck, vars []types.Object) ast.Node {
	k := classifier{info: f.info, vars: withMessages(f.info, l.stmt, vars), tags: f.tags, isClassifier: f.res.Knowledge.IsClassifier, verdicts: f.verdicts(c.attempts)}
	if n := k.inBlock(c.block, true); n != nil {
		return n
	}
	var found ast.Node
	searchBlocks([]*cfg.Block{c.failure()}, nil, func(b *cfg.Block) blockStep {
		if b == l.header || !l.holds(b) {
			return skip
		}
		found = k.inBlock(b, false)
		if found != nil {
			return stopHere
		}
		return follow
	})
	return found
}

// classifier finds error classification in code.
type classifier struct {
	info *types.Info
	vars []types.Object
	tags map[ast.Expr]ast.Expr
	// isClassifier marks knowledge-base classifiers (Permanent, errors.Is, ...).
	isClassifier func(*types.Func) bool
	// verdicts are boolean results of the attempt (retry, err := try()): testing
	// one on the failure path is the attempt's own classification.
	verdicts []types.Object
}

// inBlock looks at a block's nodes; for the check's own block only its condition
// counts (what comes before it is the attempt).
func (k classifier) inBlock(b *cfg.Block, condOnly bool) ast.Node {
	nodes := b.Nodes
	if condOnly {
		if len(nodes) == 0 {
			return nil
		}
		nodes = nodes[len(nodes)-1:]
	}
	if len(b.Nodes) > 0 {
		if v, ok := b.Nodes[len(b.Nodes)-1].(ast.Expr); ok {
			if tag := k.tags[v]; tag != nil && mentions(k.info, tag, k.vars) && !code.IsNil(k.info, ast.Unparen(v)) {
				return v
			}
		}
	}
	for _, n := range nodes {
		if found := k.in(n); found != nil {
			return found
		}
	}
	return nil
}

// in returns the first classifying node under n.
func (k classifier) in(n ast.Node) ast.Node {
	var found ast.Node
	code.Inspect(n, func(m ast.Node) bool {
		if found != nil {
			return false
		}
		if _, ok := m.(*ast.FuncLit); ok {
			return false
		}
		if k.classifies(m) {
			found = m
		}
		return found == nil
	})
	return found
}

func (k classifier) classifies(m ast.Node) bool {
	if testsContextSentinel(k, m) {
		return false // ctxerrs.go
	}
	switch m := m.(type) {
	case *ast.CallExpr:
		return k.classifyingCall(m)
	case *ast.BinaryExpr:
		return k.classifyingCompare(m)
	case *ast.TypeAssertExpr:
		return mentions(k.info, m.X, k.vars)
	case *ast.Ident:
		// retry, err := c.process(): the attempt said whether to go on.
		return len(k.verdicts) > 0 && mentions(k.info, m, k.verdicts)
	}
	return false
}

// classifyingCall: a classifier from the knowledge base, or a predicate over the
// error (isRetryable(err), errors.Is(err, x), strings.Contains(err.Error(), ...)).
func (k classifier) classifyingCall(call *ast.CallExpr) bool {
	fn := code.Callee(k.info, call)
	if fn != nil && k.isClassifier != nil && k.isClassifier(fn) {
		return true
	}
	if !returnsBool(k.info, call) {
		return false
	}
	for _, a := range call.Args {
		if mentions(k.info, a, k.vars) {
			return true
		}
	}
	return false
}

func returnsBool(info *types.Info, call *ast.CallExpr) bool {
	t := info.TypeOf(call)
	if tup, ok := t.(*types.Tuple); ok && tup.Len() > 0 {
		t = tup.At(0).Type()
	}
	b, ok := t.(*types.Basic)
	return ok && b.Kind() == types.Bool
}

// classifyingCompare: a sentinel compare (err == io.EOF), or a status check that
// singles out some failures (>= 500, == 429) rather than "anything but 2xx".
func (k classifier) classifyingCompare(b *ast.BinaryExpr) bool {
	if b.Op != token.EQL && b.Op != token.NEQ && !isOrder(b.Op) {
		return false
	}
	x, y := ast.Unparen(b.X), ast.Unparen(b.Y)
	if code.IsNil(k.info, x) || code.IsNil(k.info, y) {
		return false
	}
	if statusCodeOf(k.info, x) != nil || statusCodeOf(k.info, y) != nil {
		if splits, ok := statusSplitsFailures(k.info, b); ok {
			return splits
		}
		return splitsFailures(k.info, b)
	}
	if mentionsStatusCode(k.info, b) {
		// resp.StatusCode/100 == 5 splits failures; resp.StatusCode/100 == 2 does not.
		if splits, ok := statusSplitsFailures(k.info, b); ok {
			return splits
		}
		return true // compared with a variable: some policy decides
	}
	return mentions(k.info, x, k.vars) || mentions(k.info, y, k.vars)
}

// splitsFailures reports whether a status comparison is true for some failure
// codes and false for others: it decides which failures to retry.
func splitsFailures(info *types.Info, b *ast.BinaryExpr) bool {
	op, other := b.Op, b.Y
	if statusCodeOf(info, b.X) == nil {
		op, other = mirror(op), b.X
	}
	limit, ok := code.Int(info, other)
	if !ok {
		return true // compared with a variable: some policy decides
	}
	in, out := false, false
	for c := int64(400); c < 600; c++ {
		if compare(c, op, limit) {
			in = true
		} else {
			out = true
		}
	}
	return in && out
}

// verdicts returns the boolean variables assigned from the attempts' results.
func (f *flow) verdicts(attempts []*ast.CallExpr) []types.Object {
	var out []types.Object
	walkBody(f.info, f.fn.body, assignStmtKinds, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Rhs) != 1 {
			return true
		}
		for _, a := range attempts {
			if ast.Unparen(as.Rhs[0]) != a {
				continue
			}
			for _, lhs := range as.Lhs {
				if o := lhsObj(f.info, lhs); o != nil {
					if b, ok := o.Type().Underlying().(*types.Basic); ok && b.Kind() == types.Bool {
						out = append(out, o)
					}
				}
			}
		}
		return true
	})
	return out
}
