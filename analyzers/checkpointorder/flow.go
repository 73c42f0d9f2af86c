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

// flow is one handler: its control-flow graph and what the paths look for.
type flow struct {
	c        *checker
	body     *ast.BlockStmt
	g        *cfg.CFG
	defs     map[types.Object][]ast.Expr
	cps      map[*ast.CallExpr]bool
	deferred []*ast.CallExpr
	writes   map[*ast.CallExpr]*write
	// sources are the variables the checkpoints use (the message, its batch,
	// the consumer): a failure to obtain them is not a processing failure.
	sources map[types.Object]bool
	// caseTag maps the case values of a switch on a variable to the variable;
	// typeCase maps the non-nil cases of a type switch on a variable to it.
	caseTag  map[ast.Expr]types.Object
	typeCase map[*ast.CaseClause]types.Object
}

// failure is the failure side of an error test in a handler.
type failure struct {
	pos    token.Pos // the test
	start  *cfg.Block
	call   *ast.CallExpr // the call that failed
	errVar types.Object  // the tested variable, nil when the call is tested directly
	// dlq is the dead-letter write that failed, when it is one.
	dlq *ast.CallExpr
}

func (c *checker) handler(h *retryscope.Handler) {
	if h.Body == nil {
		return
	}
	f := &flow{
		c:      c,
		body:   h.Body,
		g:      retryscope.NewCFG(c.info, h.Body),
		defs:   localDefs(c.info, h.Body),
		cps:    make(map[*ast.CallExpr]bool),
		writes: make(map[*ast.CallExpr]*write),
	}
	for _, cp := range h.Checkpoints {
		f.cps[cp] = true
	}
	f.collect()
	f.sources = f.sourceVars()
	for _, fl := range f.failures() {
		f.walk(fl)
	}
}

// collect finds the deferred checkpoints, the dead-letter writes and the
// switches on variables.
func (f *flow) collect() {
	sent := make(map[*ast.CallExpr]ast.Expr)
	f.caseTag = make(map[ast.Expr]types.Object)
	f.typeCase = make(map[*ast.CaseClause]types.Object)
	retryscope.WalkBody(f.c.info, f.body, []ast.Node{(*ast.SwitchStmt)(nil), (*ast.TypeSwitchStmt)(nil), (*ast.DeferStmt)(nil), (*ast.SendStmt)(nil), (*ast.CallExpr)(nil)}, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SwitchStmt:
			f.switchCases(n)
		case *ast.TypeSwitchStmt:
			f.typeSwitchCases(n)
		case *ast.DeferStmt:
			if f.cps[n.Call] {
				f.deferred = append(f.deferred, n.Call)
			}
		case *ast.SendStmt:
			if call, ok := ast.Unparen(n.Chan).(*ast.CallExpr); ok {
				sent[call] = n.Value
			}
		case *ast.CallExpr:
			if ok, wr := f.c.deadLetter(n, f.defs, sent[n]); ok {
				f.writes[n] = f.c.classify(f.body, n, f.defs, wr)
			}
		}
		return true
	})
}

// sourceVars returns the variables the checkpoint calls mention, and those they
// were computed from (m from range msgs, msgs from a fetch), transitively.
func (f *flow) sourceVars() map[types.Object]bool {
	out := make(map[types.Object]bool)
	var work []types.Object
	addFrom := func(n ast.Node) {
		code.TreeOf(f.c.info).Inspect(n, []ast.Node{(*ast.Ident)(nil)}, func(m ast.Node) bool {
			if id, ok := m.(*ast.Ident); ok {
				if v, ok := f.c.info.Uses[id].(*types.Var); ok && !out[v] && !code.IsError(v.Type()) {
					out[v] = true
					work = append(work, v)
				}
			}
			return true
		})
	}
	for cp := range f.cps {
		addFrom(cp)
	}
	for len(work) > 0 {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		for _, d := range f.defs[v] {
			addFrom(d)
		}
	}
	return out
}

// failures returns the failure sides of the handler's error tests whose failing
// call is a processing step (not the fetch of the message, not a checkpoint) or
// a dead-letter write, in source order.
func (f *flow) failures() []*failure {
	var out []*failure
	for _, b := range f.g.Blocks {
		cond := condOf(b)
		if cond == nil {
			continue
		}
		tested, failTrue, ok := retryscope.ErrorTest(f.c.info, cond)
		if !ok {
			continue
		}
		fl := &failure{pos: cond.Pos(), start: b.Succs[1]}
		if failTrue {
			fl.start = b.Succs[0]
		}
		fl.call, fl.errVar = f.origin(tested, cond.Pos())
		if fl.call == nil || f.cps[fl.call] {
			continue
		}
		if w := f.writeOf(fl.call); w != nil {
			fl.dlq = w
		} else if f.isSource(fl.call) {
			continue
		}
		out = append(out, fl)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].pos < out[j].pos })
	return out
}

// origin returns the call whose error is tested: the tested call itself, or the
// nearest assignment of the tested variable before the test.
func (f *flow) origin(tested ast.Expr, at token.Pos) (*ast.CallExpr, types.Object) {
	tested = ast.Unparen(tested)
	if call, ok := tested.(*ast.CallExpr); ok {
		return call, nil
	}
	id, ok := tested.(*ast.Ident)
	if !ok {
		return nil, nil
	}
	v := f.c.info.Uses[id]
	var best ast.Expr
	for _, d := range f.defs[v] {
		if d.Pos() < at && (best == nil || d.Pos() > best.Pos()) {
			best = d
		}
	}
	call, _ := ast.Unparen(best).(*ast.CallExpr)
	return call, v
}

// writeOf returns the dead-letter write a failing call belongs to: the write
// itself, or a wait on its delivery report (res.Get of a published result).
func (f *flow) writeOf(call *ast.CallExpr) *ast.CallExpr {
	if _, ok := f.writes[call]; ok {
		return call
	}
	for wc, w := range f.writes {
		for _, n := range w.waits {
			if n == ast.Node(call) {
				return wc
			}
		}
	}
	return nil
}

// isSource reports whether the failing call produced something a checkpoint
// uses: then there is no message to lose yet.
func (f *flow) isSource(call *ast.CallExpr) bool {
	for v := range f.sources {
		for _, d := range f.defs[v] {
			if ast.Unparen(d) == call {
				return true
			}
		}
	}
	return false
}

// switchCases records the case values of `switch v { case X: }`.
func (f *flow) switchCases(sw *ast.SwitchStmt) {
	id, ok := ast.Unparen(sw.Tag).(*ast.Ident)
	if !ok || f.c.info.Uses[id] == nil {
		return
	}
	for _, st := range sw.Body.List {
		for _, e := range st.(*ast.CaseClause).List {
			f.caseTag[e] = f.c.info.Uses[id]
		}
	}
}

// typeSwitchCases records the cases of `switch v.(type)` that name types (a
// case listing nil is about the absence of an error and is left out).
func (f *flow) typeSwitchCases(sw *ast.TypeSwitchStmt) {
	var x ast.Expr
	switch a := sw.Assign.(type) {
	case *ast.ExprStmt:
		x = a.X
	case *ast.AssignStmt:
		if len(a.Rhs) == 1 {
			x = a.Rhs[0]
		}
	}
	ta, ok := ast.Unparen(x).(*ast.TypeAssertExpr)
	if !ok {
		return
	}
	id, ok := ast.Unparen(ta.X).(*ast.Ident)
	if !ok || f.c.info.Uses[id] == nil {
		return
	}
	for _, st := range sw.Body.List {
		cc := st.(*ast.CaseClause)
		named := len(cc.List) > 0
		for _, e := range cc.List {
			if tv, ok := f.c.info.Types[e]; ok && tv.IsNil() {
				named = false
			}
		}
		if named {
			f.typeCase[cc] = f.c.info.Uses[id]
		}
	}
}
