package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/cfg"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A search over a shrinking input. A loop (or a function calling itself)
// that, on every way from a failure to the next attempt, asks a call to
// loosen the attempt's own input, and stops when the call answers false
// (nothing left to loosen), tries a smaller question each round: one soft
// constraint, one candidate, one filter fewer. It is not a retry of the same
// attempt, and ends with the list it shrinks (loop_changes.go).
//
// The call answers a lone bool and hands on no error (a verdict on the
// failure, or a failure recorded in the input, is a retry's bound). It
// loosens when its body, in this package, writes a value the attempt reads
// from its own old value (r.soft = r.soft[1:], f.tags = append(f.tags, t)),
// deletes from it, or hands it to a function value (a list of loosening
// steps), following calls of this package a few levels down:
//
//   - an argument of the attempt, handed to the call as an argument or as
//     its receiver (if !relax(ctx, req) { return err }, if !req.loosen());
//   - a field the attempt reads through its receiver, written by a method
//     called on that receiver (if !p.dropCandidate() { return err }).
//
// A connection or client made again (c.conn = dial()), an attempt number
// (r.tries++), or a call that only reads the input answers the same question
// again: the loop stays a retry.

// loosensEachRound reports whether every way from c's failure back to the
// header goes on past a loosening call's true answer.
func (f *flow) loosensEachRound(l *loop, c *outcomeCheck) bool {
	none := func(*cfg.Block) *outcomeCheck { return nil }
	leaves := func(b *cfg.Block) bool { return f.alwaysLeaves(l, b, none) }
	goOn := f.looseningGates(l, c, leaves)
	atHeader := func(b *cfg.Block) bool { return b == l.header }
	return len(goOn) > 0 && passesGates(c.failure(), goOn, atHeader, l.holds)
}

// loosensBefore reports whether every way from c's failure to a self-call
// goes on past a loosening call's true answer, whose false answer never
// calls again.
func (f *flow) loosensBefore(c *outcomeCheck, call *ast.CallExpr) bool {
	at := f.blocksOf([]*ast.CallExpr{call})
	if !reaches(c.failure(), at) {
		return false
	}
	whole := &loop{stmt: f.fn.body, pos: f.fn.body.Pos(), end: f.fn.body.End()}
	leaves := func(b *cfg.Block) bool { return !reaches(b, at) }
	goOn := f.looseningGates(whole, c, leaves)
	everywhere := func(*cfg.Block) bool { return true }
	return len(goOn) > 0 && passesGates(c.failure(), goOn, func(b *cfg.Block) bool { return at[b] }, everywhere)
}

// passesGates reports whether every way from start to a target, inside,
// goes on past a gate: goOn maps a gate's block to the successor that passes.
func passesGates(start *cfg.Block, goOn map[*cfg.Block]*cfg.Block, target, inside func(*cfg.Block) bool) bool {
	seen := map[*cfg.Block]bool{}
	var visit func(b *cfg.Block) bool
	visit = func(b *cfg.Block) bool {
		if target(b) {
			return false
		}
		if !inside(b) || seen[b] {
			return true
		}
		seen[b] = true
		for _, s := range b.Succs {
			if s != goOn[b] && !visit(s) {
				return false
			}
		}
		return true
	}
	return visit(start)
}

// looseningGates maps each block of l that tests a loosening call's answer,
// and leaves on its false answer, to the successor taken on its true one.
func (f *flow) looseningGates(l *loop, c *outcomeCheck, leaves func(*cfg.Block) bool) map[*cfg.Block]*cfg.Block {
	goOn := map[*cfg.Block]*cfg.Block{}
	for b, cond := range f.conditions(l) {
		call, leaveOnTrue := f.answerTested(l, cond)
		if call == nil || !f.loosensInput(l, c, call) {
			continue
		}
		leave, on := b.Succs[1], b.Succs[0]
		if leaveOnTrue {
			leave, on = on, leave
		}
		if leaves(leave) {
			goOn[b] = on
		}
	}
	return goOn
}

// answerTested returns the call whose lone bool answer cond tests, directly
// or through a variable the loop sets from it once, and whether cond is true
// when the answer is false.
func (f *flow) answerTested(l *loop, cond ast.Expr) (*ast.CallExpr, bool) {
	negated := false
	e := ast.Unparen(cond)
	for {
		u, ok := e.(*ast.UnaryExpr)
		if !ok || u.Op != token.NOT {
			break
		}
		negated, e = !negated, ast.Unparen(u.X)
	}
	if v := code.VarOf(f.info, e); v != nil {
		d, ok := code.SoleDef(f.info, v)
		if !ok || !l.contains(d.Stmt.Pos()) || !d.ByName() {
			return nil, false
		}
		e = ast.Unparen(d.Value)
	}
	call, ok := e.(*ast.CallExpr)
	if !ok || !code.IsBoolean(f.info.TypeOf(call)) {
		return nil, false
	}
	return call, negated
}

// loosensInput reports whether call loosens an input c's attempts read (see
// above).
func (f *flow) loosensInput(l *loop, c *outcomeCheck, call *ast.CallExpr) bool {
	if mentionsError(f.info, call) {
		return false
	}
	fn := code.Callee(f.info, call)
	if fn == nil {
		return false
	}
	node := f.res.funcs.byObj[fn.Origin()]
	if node == nil || node.body == nil {
		return false
	}
	inputs := f.attemptInputs(l, c)
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if recv := receiverOf(node); recv != nil && inputs[code.Root(f.info, sel.X, code.ThroughUnary)] && f.loosens(node, recv, nil, maxMethodDepth) {
			return true
		}
		if root, _ := f.methodCalled(call); root != nil && f.loosensRead(node, root, c.attempts) {
			return true
		}
	}
	params := node.params(f.info)
	for i, a := range call.Args {
		if i < len(params) && params[i] != nil && inputs[code.Root(f.info, a, code.ThroughUnary)] && f.loosens(node, params[i], nil, maxMethodDepth) {
			return true
		}
	}
	return false
}

// loosensRead reports whether a method called on the variable an attempt is
// called on loosens a field the attempt reads through it; counters and flags
// aside.
func (f *flow) loosensRead(node *funcNode, root types.Object, attempts []*ast.CallExpr) bool {
	recv := receiverOf(node)
	if recv == nil {
		return false
	}
	var read []types.Object
	for _, field := range f.fieldsAttemptsRead(attempts)[root] {
		if !mayChangeInRetry(field.Type()) {
			read = append(read, field)
		}
	}
	return len(read) > 0 && f.loosens(node, recv, read, maxMethodDepth)
}

// loosens reports whether the function's body loosens what v points to:
// when fields is not nil, only those fields of it. It follows the calls of
// this package v is handed to (as receiver too), depth levels down; handing
// v itself to a function value counts when any part of it may change.
func (f *flow) loosens(node *funcNode, v *types.Var, fields []types.Object, depth int) bool {
	if depth == 0 || node.body == nil || !sharesMemory(v.Type()) {
		return false
	}
	found := false
	code.Inspect(node.body, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			found = f.loosensBy(n, v, fields)
		case *ast.CallExpr:
			found = f.deletesFrom(n, v, fields) || f.handsOnToLoosen(n, v, fields, depth)
		}
		return !found
	})
	return found
}

// sharesMemory reports whether a value of type t lets a callee change what
// its caller holds.
func sharesMemory(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Slice, *types.Map:
		return true
	}
	return false
}

// loosensBy reports whether as writes a part of v (a field in fields, when
// not nil) from its own old value: a slice of it, an append to it, or a
// variable made from it.
func (f *flow) loosensBy(as *ast.AssignStmt, v *types.Var, fields []types.Object) bool {
	if as.Tok == token.DEFINE {
		return false
	}
	for i, lhs := range as.Lhs {
		if identOf(lhs) != nil || code.Root(f.info, lhs, code.ThroughIndex) != v || !f.inFields(lhs, v, fields) {
			continue
		}
		if t := f.info.TypeOf(lhs); t == nil || mayChangeInRetry(t) {
			continue // a counter or a flag
		}
		if rhs := code.RHS(as.Rhs, len(as.Lhs), i); rhs != nil && f.madeFrom(rhs, lhs) {
			return true
		}
	}
	return false
}

// madeFrom reports whether rhs reads lhs's old value: lhs itself appears in
// it, or a variable defined from it once does (terms := r.soft; r.soft =
// terms[1:]).
func (f *flow) madeFrom(rhs, lhs ast.Expr) bool {
	same := types.ExprString(ast.Unparen(lhs))
	found := false
	code.Inspect(rhs, func(n ast.Node) bool {
		e, ok := n.(ast.Expr)
		if !ok || found {
			return !found
		}
		if types.ExprString(e) == same {
			found = true
		} else if v := code.VarOf(f.info, e); v != nil {
			d, ok := code.SoleDef(f.info, v)
			found = ok && d.Op == token.DEFINE && d.Value != nil && types.ExprString(ast.Unparen(d.Value)) == same
		}
		return !found
	})
	return found
}

// inFields reports whether e selects, on v, one of fields (any, when nil).
func (f *flow) inFields(e ast.Expr, v *types.Var, fields []types.Object) bool {
	if fields == nil {
		return true
	}
	for e != nil {
		switch x := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			if identOf(x.X) != nil && f.info.Uses[identOf(x.X)] == v {
				s := f.info.Selections[x]
				return s != nil && slices.Contains(fields, s.Obj())
			}
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		default:
			return false
		}
	}
	return false
}

// deletesFrom reports whether call deletes from, or clears, a part of v.
func (f *flow) deletesFrom(call *ast.CallExpr, v *types.Var, fields []types.Object) bool {
	if !code.IsBuiltinCall(f.info, call, "delete") && !code.IsBuiltinCall(f.info, call, "clear") {
		return false
	}
	return len(call.Args) > 0 && code.Root(f.info, call.Args[0], code.ThroughIndex) == v && f.inFields(call.Args[0], v, fields)
}

// handsOnToLoosen reports whether call hands v to a function value, or to a
// function or method of this package that loosens it.
func (f *flow) handsOnToLoosen(call *ast.CallExpr, v *types.Var, fields []types.Object, depth int) bool {
	if tv, ok := f.info.Types[call.Fun]; ok && (tv.IsType() || tv.IsBuiltin()) {
		return false
	}
	fn := code.Callee(f.info, call)
	var node *funcNode
	if fn != nil {
		if node = f.res.funcs.byObj[fn.Origin()]; node == nil || node.body == nil {
			return false
		}
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && node != nil && identOf(sel.X) != nil && f.info.Uses[identOf(sel.X)] == v {
		if recv := receiverOf(node); recv != nil && f.loosens(node, recv, fields, depth-1) {
			return true
		}
	}
	var params []*types.Var
	if node != nil {
		params = node.params(f.info)
	}
	for i, a := range call.Args {
		if identOf(a) == nil || f.info.Uses[identOf(a)] != v {
			continue
		}
		if node == nil {
			return fields == nil // a function value: a step of a list, out of reach
		}
		if i < len(params) && params[i] != nil && f.loosens(node, params[i], fields, depth-1) {
			return true
		}
	}
	return false
}
