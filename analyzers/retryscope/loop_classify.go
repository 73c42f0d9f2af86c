package retryscope

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/cfg"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// classification returns the first node on a failure path that tells errors
// apart, or nil. The failure path is the check's own block and every block
// reachable from its failure side before the loop's header.
func (f *flow) classification(l *loop, c *outcomeCheck, vars []types.Object) ast.Node {
	all := append(withMessages(f.info, f.loopScope(l), vars), f.outputs(l, c)...)
	k := classifier{info: f.info, vars: all, texts: all[len(vars):], tags: f.tags, isClassifier: f.res.Knowledge.IsClassifier, verdicts: f.verdicts(c.attempts)}
	k.declared = func(call *ast.CallExpr) bool { return f.declaredClassifier(call, vars) }
	texts := textTest{info: f.info, errs: vars, messages: all[len(vars):]}
	decides := func(b *cfg.Block, n ast.Node) ast.Node {
		if n != nil && texts.in(n) && !f.sidesDiffer(l, b) {
			return nil // the text is only looked at (logged): both sides go the same way
		}
		return n
	}
	if n := decides(c.block, k.inBlock(c.block, true)); n != nil {
		return n
	}
	var found ast.Node
	searchBlocks([]*cfg.Block{c.failure()}, nil, func(b *cfg.Block) blockStep {
		if b == l.header || !l.holds(b) {
			return skip
		}
		if found = decides(b, k.inBlock(b, false)); found == nil {
			found = f.probeTest(l, c, b) // a probe's answer decides the way
		}
		if found == nil {
			found = f.attemptDeadlineTest(l, c, b) // loop_attemptctx.go
		}
		if found == nil {
			found = f.flagTest(l, b, k) // loop_flagclass.go
		}
		if found == nil {
			found = f.derivedSwitchCase(l, b, all) // loop_switchderived.go
		}
		if found == nil {
			found = f.attemptStateTest(l, c, b) // loop_stateclass.go
		}
		if found != nil {
			return stopHere
		}
		return follow
	})
	if found == nil {
		found = f.classifiedBeforeCheck(l, c, k, decides)
	}
	if found == nil {
		found = f.classifiedAtHead(l, c, k, decides)
	}
	return found
}

// classifiedAtHead finds a test of the error carried round the loop, made
// between the loop's head and the attempt, one side of which leaves the loop:
// `if errors.Is(err, errGone) { return err }` at the top of the body, before
// `err = send()`, returns on the permanent error the last round's `continue`
// carried, as the same test on the failure branch would.
func (f *flow) classifiedAtHead(l *loop, c *outcomeCheck, k classifier, decides func(*cfg.Block, ast.Node) ast.Node) ast.Node {
	holdsAttempt := func(b *cfg.Block) bool {
		return slices.ContainsFunc(c.attempts, func(a *ast.CallExpr) bool { return holdsNode(b, a) })
	}
	var found ast.Node
	searchBlocks([]*cfg.Block{l.header}, nil, func(b *cfg.Block) blockStep {
		if b == c.block || !l.holds(b) || holdsAttempt(b) {
			return skip
		}
		if f.leavesOnOneSide(l, b) {
			found = decides(b, k.ofCarried(b))
		}
		if found != nil {
			return stopHere
		}
		return follow
	})
	return found
}

// ofCarried returns the first classifying node of block b that reads the
// carried errors themselves: at the head, a classifier of the knowledge base
// (errors.Is) may test an error of the round's own making.
func (k classifier) ofCarried(b *cfg.Block) ast.Node {
	for _, n := range b.Nodes {
		if found := k.in(n); found != nil && mentions(k.info, found, k.vars) {
			return found
		}
	}
	return nil
}

// classifiedBeforeCheck finds a test of the error made between the attempt
// and the outcome check c, one side of which leaves the loop: `if err != nil
// && err.Error() != errBusy { return err }` before `if err == nil { break }`
// lets only the busy error reach c's failure, as the same test after c would.
func (f *flow) classifiedBeforeCheck(l *loop, c *outcomeCheck, k classifier, decides func(*cfg.Block, ast.Node) ast.Node) ast.Node {
	var starts []*cfg.Block
	for _, b := range f.g.Blocks {
		if b != c.block && l.holds(b) && slices.ContainsFunc(c.attempts, func(a *ast.CallExpr) bool { return holdsNode(b, a) }) {
			starts = append(starts, b)
		}
	}
	var found ast.Node
	searchBlocks(starts, nil, func(b *cfg.Block) blockStep {
		if b == c.block || b == l.header || !l.holds(b) {
			return skip
		}
		if f.leavesOnOneSide(l, b) {
			found = decides(b, k.inBlock(b, false))
		}
		if found != nil {
			return stopHere
		}
		return follow
	})
	return found
}

// A test on the error's text (strings.Contains(err.Error(), "locked"),
// errStr == "timeout"), or on the text the attempt wrote (its output: out, err
// := cmd.CombinedOutput(); bytes.Contains(out, []byte("dpkg was interrupted"))),
// tells errors apart only when it decides the way: its
// two sides differ in going round or leaving the loop. Testing a text only to
// log it retries every error alike.
type textTest struct {
	info     *types.Info
	errs     []types.Object
	messages []types.Object // locals assigned from err.Error()
}

// in reports whether n reads the text of one of the errors.
func (t textTest) in(n ast.Node) bool {
	found := false
	code.Inspect(n, func(m ast.Node) bool {
		if e, ok := m.(ast.Expr); ok && !found {
			found = isMessageOf(t.info, e, t.errs) || len(t.messages) > 0 && mentions(t.info, e, t.messages)
		}
		return !found
	})
	return found
}

// sidesDiffer reports whether the branches of block b's condition differ in
// whether they go round the loop or leave it; a block that does not branch
// in two is taken as deciding.
func (f *flow) sidesDiffer(l *loop, b *cfg.Block) bool {
	if len(b.Succs) != 2 {
		return true
	}
	r0, l0 := f.outcomes(l, b.Succs[0])
	r1, l1 := f.outcomes(l, b.Succs[1])
	return r0 != r1 || l0 != l1
}

// outcomes says whether the code from block from can go round the loop (back
// to its header, or, for a recursion, to a call of itself) and whether it can
// leave it (a return, or a block after it).
func (f *flow) outcomes(l *loop, from *cfg.Block) (round, leave bool) {
	searchBlocks([]*cfg.Block{from}, nil, func(b *cfg.Block) blockStep {
		switch {
		case b == l.header || l.again[b]:
			round = true
			return skip
		case !l.holds(b) || len(b.Succs) == 0:
			leave = true
			return skip
		}
		return follow
	})
	return round, leave
}

// loopScope is the code a loop's rounds run: a goto loop's statement is only
// its label's, the rest of the round (errStr := err.Error(), the test, the
// goto) follows it in the function's body.
func (f *flow) loopScope(l *loop) ast.Node {
	if _, ok := l.stmt.(*ast.LabeledStmt); ok {
		return f.fn.body
	}
	return l.stmt
}

// classifier finds error classification in code.
type classifier struct {
	info *types.Info
	vars []types.Object
	// texts are the locals of vars assigned from an error's Error().
	texts []types.Object
	tags  map[ast.Expr]ast.Expr
	// isClassifier marks knowledge-base classifiers (Permanent, errors.Is, ...).
	isClassifier func(*types.Func) bool
	// verdicts are boolean results of the attempt (retry, err := try()): testing
	// one on the failure path is the attempt's own classification.
	verdicts []types.Object
	// declared marks calls of the package's own functions that classify the
	// error they are handed (loop_declaredclass.go).
	declared func(*ast.CallExpr) bool
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
	case *ast.IndexExpr:
		return k.classifyingLookup(m)
	case *ast.BinaryExpr:
		return k.classifyingCompare(m)
	case *ast.TypeAssertExpr:
		return mentions(k.info, m.X, k.vars)
	case *ast.Ident:
		// retry, err := c.process(): the attempt said whether to go on.
		return len(k.verdicts) > 0 && mentions(k.info, m, k.verdicts) || k.classifyingHeld(m)
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
	if k.declared != nil && k.declared(call) {
		return true
	}
	if err := errorMethodTest(k.info, call); err != nil && mentions(k.info, err, k.vars) {
		return true // ne.Temporary(), ne asserted from err: loop_errmethods.go
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
	if isEmptyString(k.info, x) && k.isText(y) || isEmptyString(k.info, y) && k.isText(x) {
		return false // every error has a text: errStr != "" tells none apart
	}
	return mentions(k.info, x, k.vars) || mentions(k.info, y, k.vars)
}

// isText reports whether e is an error's text: err.Error(), or a local
// assigned from it.
func (k classifier) isText(e ast.Expr) bool {
	if isMessageOf(k.info, e, k.vars) {
		return true
	}
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && len(k.texts) > 0 && mentions(k.info, id, k.texts)
}

func isEmptyString(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.Value != nil && tv.Value.Kind() == constant.String && constant.StringVal(tv.Value) == ""
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
