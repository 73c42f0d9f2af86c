package checkpointorder

import (
	"go/ast"
	"go/token"
	"go/types"
	"sort"

	"golang.org/x/tools/go/cfg"

	"github.com/retrylint/retrylint/analyzers/internal/code"
	"github.com/retrylint/retrylint/analyzers/retryscope"
)

// walk follows a failure path through the handler and reports the first
// checkpoint on each of its branches that the record is not safe for.
// The state is the last dead-letter write on the path that does not make the
// record safe (nil: none yet).
func (f *flow) walk(fl *failure) {
	type key struct {
		b *cfg.Block
		w *write
	}
	seen := make(map[key]bool)
	var visit func(b *cfg.Block, st *write)
	visit = func(b *cfg.Block, st *write) {
		if nextIteration(b, fl.pos) {
			f.skipped(fl, b.Stmt, st)
			return
		}
		if seen[key{b, st}] {
			return
		}
		seen[key{b, st}] = true
		for i, n := range b.Nodes {
			var stop bool
			if stop, st = f.step(fl, b, i, n, st); stop {
				return
			}
		}
		if len(b.Succs) == 0 {
			if normalExit(f.c.info, b) {
				f.atExit(fl, st)
			}
			return
		}
		if only := f.branch(fl, b); only != nil {
			visit(only, st)
			return
		}
		for _, s := range b.Succs {
			visit(s, st)
		}
	}
	visit(fl.start, nil)
}

// skipped handles a failure path that goes on to the next message of loop: a
// cumulative checkpoint later in the loop (a Kafka offset) then acknowledges the
// failed record along with the next one.
func (f *flow) skipped(fl *failure, loop ast.Stmt, st *write) {
	for _, cp := range f.cumulativeIn(loop) {
		if f.c.reported[cp] || cp.Pos() < fl.pos {
			continue // reported, or it already covered this record before the failure
		}
		f.c.reported[cp] = true
		f.c.p.Reportf(cp, "%s", skipMessage(fl, cp, st))
	}
}

// cumulativeIn returns the cumulative checkpoints of the handler inside loop.
func (f *flow) cumulativeIn(loop ast.Stmt) []*ast.CallExpr {
	var out []*ast.CallExpr
	for cp := range f.cps {
		if loop.Pos() <= cp.Pos() && cp.End() <= loop.End() && f.c.p.Knowledge.IsCumulativeCheckpoint(code.Callee(f.c.info, cp)) {
			out = append(out, cp)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Pos() < out[j].Pos() })
	return out
}

// nextIteration reports whether entering b starts another iteration of a loop
// that holds the failure's test: the failed message is behind us then.
func nextIteration(b *cfg.Block, pos token.Pos) bool {
	switch b.Kind {
	case cfg.KindForLoop, cfg.KindForPost, cfg.KindForBody, cfg.KindRangeLoop, cfg.KindRangeBody:
		return b.Stmt != nil && b.Stmt.Pos() <= pos && pos < b.Stmt.End()
	}
	return false
}

// step looks at one node of a failure path. It stops the path at a nak, a
// recovery, a checkpoint (reported when unsafe) or a dead-letter write that makes
// the record safe; it returns the new state after an unsafe write.
func (f *flow) step(fl *failure, b *cfg.Block, i int, n ast.Node, st *write) (bool, *write) {
	if _, ok := n.(*ast.DeferStmt); ok {
		return false, st
	}
	if f.recovers(fl, n) {
		return true, st
	}
	for _, call := range callsIn(n) {
		switch {
		case f.cps[call]:
			f.report(fl, call, st, b, i)
			return true, st
		case redelivers(f.c.info, call):
			return true, st
		}
		if w := f.writes[call]; w != nil && call != fl.dlq {
			if w.ignored == "" && !w.async {
				return true, st // checked write: safe from here on
			}
			st = w
		}
	}
	return false, st
}

// callsIn returns the calls of a node in evaluation order (inner calls first),
// leaving out function literals.
func callsIn(n ast.Node) []*ast.CallExpr {
	var out []*ast.CallExpr
	code.Inspect(n, func(m ast.Node) bool {
		switch m := m.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			out = append(out, m)
		}
		return true
	})
	sort.SliceStable(out, func(i, j int) bool { return out[i].End() < out[j].End() })
	return out
}

// redelivers reports whether a call hands the message back for redelivery:
// Nak/Nack methods (NATS, JetStream, Pub/Sub, watermill) and SQS's
// ChangeMessageVisibility.
func redelivers(info *types.Info, call *ast.CallExpr) bool {
	if receiver(info, call) == nil {
		return false
	}
	return hasPrefix(methodName(call), "Nak", "Nack", "ChangeMessageVisibility")
}

// recovers reports whether a node on the failure path handles the failure by
// assigning a fallback to a variable that existed before the test (n = 0,
// v = defaultValue): processing goes on with a value, nothing is dropped.
// Assignments that carry the error on (lastErr = err) are not recoveries.
func (f *flow) recovers(fl *failure, n ast.Node) bool {
	as, ok := n.(*ast.AssignStmt)
	if !ok || as.Tok != token.ASSIGN {
		return false
	}
	for _, r := range as.Rhs {
		if fl.errVar != nil && mentions(f.c.info, r, fl.errVar) {
			return false
		}
		for _, call := range callsIn(r) {
			if f.writes[call] != nil || f.cps[call] {
				return false
			}
		}
	}
	for _, l := range as.Lhs {
		id, ok := ast.Unparen(l).(*ast.Ident)
		if !ok {
			return false
		}
		v, ok := f.c.info.Uses[id].(*types.Var)
		if !ok || v.Pos() >= fl.pos || code.IsError(v.Type()) && v != fl.errVar {
			return false
		}
	}
	return true
}

// branch returns the only successor a failure path takes at b, or nil for both:
// a second test of the same error follows its failure side; a test that singles
// out specific errors (errors.Is/As, a sentinel compare, a classifier) follows
// the side of the other errors, since a decision about a known error (a
// duplicate, a stale update) is deliberate.
func (f *flow) branch(fl *failure, b *cfg.Block) *cfg.Block {
	if fl.errVar == nil || len(b.Succs) != 2 {
		return nil
	}
	// A type switch on the error: a case naming error types singles them out.
	if cc, ok := b.Succs[0].Stmt.(*ast.CaseClause); ok && b.Succs[0].Kind == cfg.KindSwitchCaseBody && f.typeCase[cc] == fl.errVar {
		return b.Succs[1]
	}
	cond := condOf(b)
	if cond == nil {
		return nil
	}
	// A switch on the error: `case nil` is not taken, `case ErrX` singles it out.
	if f.caseTag[cond] == fl.errVar {
		return b.Succs[1]
	}
	if tested, failTrue, ok := retryscope.ErrorTest(f.c.info, cond); ok {
		if id, ok := ast.Unparen(tested).(*ast.Ident); ok && f.c.info.Uses[id] == fl.errVar {
			if failTrue {
				return b.Succs[0]
			}
			return b.Succs[1]
		}
		return nil
	}
	if singled, negated := f.singlesOut(cond, fl.errVar); singled {
		if negated {
			return b.Succs[0]
		}
		return b.Succs[1]
	}
	return nil
}

// singlesOut reports whether cond is true for specific errors only
// (errors.Is(err, X), errors.As(err, &t), err == ErrX, a classifier call on err),
// and whether it is negated.
func (f *flow) singlesOut(cond ast.Expr, errVar types.Object) (singled, negated bool) {
	cond = ast.Unparen(cond)
	if u, ok := cond.(*ast.UnaryExpr); ok && u.Op == token.NOT {
		s, neg := f.singlesOut(u.X, errVar)
		return s, !neg
	}
	switch c := cond.(type) {
	case *ast.CallExpr:
		fn := code.Callee(f.c.info, c)
		if fn == nil || len(c.Args) == 0 || !mentions(f.c.info, c.Args[0], errVar) {
			return false, false
		}
		return f.c.k.IsClassifier(fn) || code.IsErrorsFunc(fn, "Is") || code.IsErrorsFunc(fn, "As"), false
	case *ast.BinaryExpr:
		if c.Op != token.EQL && c.Op != token.NEQ {
			return false, false
		}
		x, y := ast.Unparen(c.X), ast.Unparen(c.Y)
		if !isVar(f.c.info, x, errVar) {
			x, y = y, x
		}
		if !isVar(f.c.info, x, errVar) {
			return false, false
		}
		if tv, ok := f.c.info.Types[y]; ok && tv.IsNil() {
			return false, false
		}
		return true, c.Op == token.NEQ
	}
	return false, false
}

func isVar(info *types.Info, e ast.Expr, v types.Object) bool {
	id, ok := e.(*ast.Ident)
	return ok && info.Uses[id] == v
}

// atExit reports the deferred checkpoints registered before the failure: they
// run when the handler returns.
func (f *flow) atExit(fl *failure, st *write) {
	for _, d := range f.deferred {
		if d.Pos() < fl.pos {
			f.report(fl, d, st, nil, 0)
		}
	}
}

// writeAfter returns the first dead-letter write reachable after node i of b,
// within the same iteration, or nil.
func (f *flow) writeAfter(fl *failure, b *cfg.Block, i int) *ast.CallExpr {
	seen := make(map[*cfg.Block]bool)
	var found *ast.CallExpr
	var visit func(b *cfg.Block, from int)
	visit = func(b *cfg.Block, from int) {
		if found != nil || (from == 0 && (seen[b] || nextIteration(b, fl.pos))) {
			return
		}
		seen[b] = true
		for _, n := range b.Nodes[from:] {
			for _, call := range callsIn(n) {
				if f.writes[call] != nil && found == nil {
					found = call
				}
			}
		}
		for _, s := range b.Succs {
			visit(s, 0)
		}
	}
	if b != nil {
		visit(b, i+1)
	}
	return found
}
