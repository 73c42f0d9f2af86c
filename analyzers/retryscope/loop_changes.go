package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/cfg"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A retry does the failed attempt again. A loop whose failure path changes
// what the next attempt does is a search, an upgrade or an escalation, not a
// retry, and is marked Failover like a loop over replicas:
//
//   - an escalation ladder: each iteration runs a fallible step with the next
//     element of a list (fetch --deepen, then --unshallow) before the same
//     check, which then sees another state (see failover, given every checked
//     call of the loop);
//   - a switched input: on every way from the failure back to the attempt, a
//     variable the attempt takes as an argument, or the function value it
//     calls, is set to a constant, a function, or another loop-invariant
//     variable (scheme = "http", addr = standby, force = true, check =
//     defaultCheck); a value made again by a call (a new request, a new
//     connection) or nil (drop a connection, dial lazily) is the same input;
//   - a name from the counter: text made from the loop's counter (a name, a
//     key, a URL) reaches the attempt's arguments, so each iteration asks for
//     another target. The counter itself handed to the attempt is an attempt
//     number, and changes nothing; a network address made from it (the next
//     port of a range) is another target too (loop_addrcounter.go);
//   - an input moved on by the failed attempt's results (loop_progress.go);
//   - an input stepped on from its own value, a walk up a tree or a search
//     (dir = path.Dir(dir), loop_walk.go);
//   - an input filled in with the piece the failure names as missing, fetched
//     on the failure path (loop_fillin.go);
//   - a resource swapped under the attempt, or a target the error names
//     (loop_swapped.go);
//   - a per-round target handed to a setter of an object the attempt reads
//     (loop_settarget.go);
//   - a per-round target handed out by a picker (loop_picker.go);
//   - an input loosened by a call that leaves the loop when nothing is left
//     to loosen, a search over a shrinking input (loop_loosen.go), or
//     replaced only by a shorter value made from it (loop_shrink.go);
//   - a read buffer grown on a short-buffer error (loop_growbuffer.go), or
//     the size asked of a stream grown on a need-more error (loop_readmore.go);
//   - a match found by a search resumed each round from the position the
//     last round's search handed back (loop_resume.go).
//
// The receiver of an attempt and its context are not inputs here: a client or
// connection re-made, or a context stamped with the attempt, sends the same
// request.

// changesAttempt reports whether the loop's failure path changes what the
// retrying checks' attempts do (see above).
func (f *flow) changesAttempt(l *loop, all, retrying []*outcomeCheck) bool {
	var checked []*ast.CallExpr
	for _, c := range all {
		checked = appendNew(checked, c.attempts...)
	}
	if f.failover(l, checked) || f.setsTargetOnShared(l, checked) || f.picksEachRound(l, checked) {
		return true
	}
	for _, c := range retrying {
		if f.changesInput(l, c) {
			return true
		}
	}
	return false
}

// changesInput reports whether one retrying check's failure path changes the
// input of its attempts (see the list above).
func (f *flow) changesInput(l *loop, c *outcomeCheck) bool {
	return f.switchesInput(l, c) || f.namesFromCounter(l, c) || f.advancesInput(l, c) ||
		f.walksInput(l, c) || f.fillsIn(l, c) || f.failsOver(l, c) || f.picksByCursor(l, c) ||
		f.loosensEachRound(l, c) || f.growsBuffer(l, c) || f.shrinksEachRound(l, c) ||
		f.resumesSearch(l, c) || f.variesInput(l, c)
}

// argsMention reports whether the attempts take one of objs as an argument,
// directly or through values derived from it in the loop; receivers and
// contexts are not arguments here.
func (f *flow) argsMention(l *loop, c *outcomeCheck, objs []types.Object) bool {
	if len(objs) == 0 {
		return false
	}
	set := f.derived(l, objs)
	for _, call := range c.attempts {
		if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok && mentions(f.info, id, set) {
			return true // the attempt calls a function value: which function is its input too
		}
		for _, a := range call.Args {
			if t := f.info.TypeOf(a); t != nil && IsContext(t) {
				continue
			}
			if mentions(f.info, a, set) {
				return true
			}
		}
	}
	return false
}

// switchesInput reports whether every way from c's failure back to the header
// sets a variable declared outside the loop, that the attempt takes, to a
// constant or another loop-invariant variable.
func (f *flow) switchesInput(l *loop, c *outcomeCheck) bool {
	switched := f.switchedIn(l)
	if len(switched) == 0 {
		return false
	}
	var objs []types.Object
	for _, o := range switched {
		objs = appendNew(objs, o)
	}
	if !f.argsMention(l, c, objs) {
		return false
	}
	return l.everyWayBack(c.failure(), func(b *cfg.Block) bool {
		for _, n := range b.Nodes {
			if as, ok := n.(*ast.AssignStmt); ok && switched[as] != nil {
				return true
			}
		}
		return false
	})
}

// switchedIn maps the switching assignments of the loop to the variable each
// one switches.
func (f *flow) switchedIn(l *loop) map[*ast.AssignStmt]types.Object {
	out := make(map[*ast.AssignStmt]types.Object)
	assigned := f.assignsIn(l)
	invariant := func(e ast.Expr) bool {
		switch ast.Unparen(e).(type) {
		case *ast.Ident, *ast.SelectorExpr:
		default:
			return false
		}
		if fn := code.Callee(f.info, &ast.CallExpr{Fun: e}); fn != nil && fn.Signature().Recv() == nil {
			return true // a function of a package names the same code every time
		}
		root := code.Root(f.info, e, code.ThroughIndex)
		_, isVar := root.(*types.Var)
		return isVar && !l.contains(root.Pos()) && assigned[root] == nil
	}
	walkBody(f.info, f.fn.body, assignStmtKinds, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != 1 || len(as.Rhs) != 1 || !l.contains(as.Pos()) {
			return true
		}
		o, isVar := lhsObj(f.info, as.Lhs[0]).(*types.Var)
		if !isVar || l.contains(o.Pos()) {
			return true
		}
		tv, ok := f.info.Types[as.Rhs[0]]
		if !ok || tv.IsNil() {
			return true
		}
		if tv.Value != nil || (invariant(as.Rhs[0]) && !mentions(f.info, as.Rhs[0], []types.Object{o})) {
			out[as] = o
		}
		return true
	})
	return out
}

// namesFromCounter reports whether text made in the loop from a number the
// loop changes reaches the attempt's arguments: a name, key or URL per
// iteration, or a network address (loop_addrcounter.go).
func (f *flow) namesFromCounter(l *loop, c *outcomeCheck) bool {
	variant := f.variant(l)
	var names []types.Object
	for o, rhss := range f.assignsIn(l) {
		if !textual(o.Type()) {
			continue
		}
		for _, rhs := range rhss {
			if rhs != nil && f.dependsOn(rhs, variant) && !mentions(f.info, rhs, []types.Object{o}) {
				names = appendNew(names, o)
			}
		}
	}
	return f.argsMention(l, c, append(names, f.recordsNamedFromCounter(l, variant)...)) || f.addressesFromCounter(l, c, variant)
}

// everyWayBack reports whether every way from start back to the header passes
// a block for which pass is true; ways that leave the loop do not count.
func (l *loop) everyWayBack(start *cfg.Block, pass func(*cfg.Block) bool) bool {
	seen := map[*cfg.Block]bool{}
	var visit func(b *cfg.Block) bool
	visit = func(b *cfg.Block) bool {
		if b == l.header {
			return false
		}
		if !l.holds(b) || seen[b] {
			return true
		}
		seen[b] = true
		if pass(b) {
			return true
		}
		for _, s := range b.Succs {
			if !visit(s) {
				return false
			}
		}
		return true
	}
	return visit(start)
}
