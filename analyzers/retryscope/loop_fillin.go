package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A fill-in loop checks an input, and the failure names what the input lacks
// (a MissingEventError carrying the event's ID); the failure path fetches that
// piece and adds it to the input, then checks again:
//
//	for {
//		err := verify(ev, state)
//		var missing *MissingError
//		if !errors.As(err, &missing) {
//			return err
//		}
//		dep, err := fetch(ctx, missing.ID)
//		if err != nil {
//			return err
//		}
//		state = append(state, dep)
//	}
//
// Each pass works on a larger input, one that holds the piece the last pass
// failed on: nothing that failed is done again, so it is marked Failover like
// the other loops whose failure path changes the attempt (loop_changes.go),
// whatever the loop is made of (for, or a label and a goto).
//
// The rule: on every way from the failure back to the attempt, the loop adds
// to a variable declared outside it that the attempt takes as an argument
// (x = append(x, v), x[k] = v, x.f = v, at any depth of fields and elements of
// x) a value fetched on the failure: one derived from a call that may fail
// whose arguments use what the error names, read out of it as a concrete
// error type (a type switch, a type assertion, an errors.As target). A piece
// fetched but kept apart from what the attempt reads, a value added that does
// not come from the error (a placeholder, a counter), or one computed from the
// error value itself (a delay, a code) leaves the attempt a retry.

// fillsIn reports whether c's failure path fills in the attempt's input with
// what the error names (see above).
func (f *flow) fillsIn(l *loop, c *outcomeCheck) bool {
	fetched := f.fetchedOnError(l, c)
	if len(fetched) == 0 {
		return false
	}
	adds := make(map[*ast.AssignStmt]bool)
	walkBody(f.info, f.fn.body, assignStmtKinds, func(n ast.Node) bool {
		as := n.(*ast.AssignStmt)
		if !l.contains(as.Pos()) || as.Tok != token.ASSIGN || len(as.Lhs) != len(as.Rhs) {
			return true
		}
		for i, lhs := range as.Lhs {
			target, added := f.addition(lhs, as.Rhs[i])
			if target != nil && !l.contains(target.Pos()) && slices.ContainsFunc(added, func(e ast.Expr) bool { return f.dependsOn(e, fetched) }) &&
				f.argsMention(l, c, []types.Object{target}) {
				adds[as] = true
			}
		}
		return true
	})
	if len(adds) == 0 {
		return false
	}
	return l.everyWayBack(c.failure(), holdsAny(adds))
}

// addition returns the variable an assignment adds to and the value it adds:
// x = append(x, v...) gives x and the appended values; x[k] = v and x.f = v
// give x's root and v. Any other assignment gives nil.
func (f *flow) addition(lhs, rhs ast.Expr) (types.Object, []ast.Expr) {
	switch ast.Unparen(lhs).(type) {
	case *ast.IndexExpr, *ast.SelectorExpr:
		return code.Root(f.info, lhs, code.ThroughIndex), []ast.Expr{rhs}
	}
	call, ok := ast.Unparen(rhs).(*ast.CallExpr)
	if !ok || len(call.Args) < 2 {
		return nil, nil
	}
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); !ok || id.Name != "append" {
		return nil, nil
	} else if _, builtin := f.info.Uses[id].(*types.Builtin); !builtin {
		return nil, nil
	}
	target := lhsObj(f.info, lhs)
	if target == nil || code.Root(f.info, call.Args[0], code.ThroughIndex) != target {
		return nil, nil
	}
	return target, call.Args[1:]
}

// fetchedOnError returns the variables the loop derives from a fetch that
// takes what was read out of the check's error (errorViews): a call that may
// fail (it has an error result), whose values, not its error, are the seeds.
func (f *flow) fetchedOnError(l *loop, c *outcomeCheck) map[types.Object]bool {
	fromErr := f.closure(l, f.errorViews(l, c.vars))
	if len(fromErr) == 0 {
		return nil
	}
	var seeds []types.Object
	walkBody(f.info, f.fn.body, assignStmtKinds, func(n ast.Node) bool {
		as := n.(*ast.AssignStmt)
		if !l.contains(as.Pos()) || len(as.Rhs) != 1 {
			return true
		}
		call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
		if !ok || !MayFail(f.info, call) || !f.callTakes(call, fromErr) {
			return true
		}
		for _, lhs := range as.Lhs {
			if o := lhsObj(f.info, lhs); o != nil && isValue(o) {
				seeds = appendNew(seeds, o)
			}
		}
		return true
	})
	return f.closure(l, seeds)
}

// callTakes reports whether an argument of call uses one of vars.
func (f *flow) callTakes(call *ast.CallExpr, vars map[types.Object]bool) bool {
	for _, a := range call.Args {
		if f.dependsOn(a, vars) {
			return true
		}
	}
	return false
}

// errorViews returns the values the loop reads out of the errors as concrete
// error types: the variable of a type switch on one of them, the value of a
// type assertion of one (m, ok := err.(*MissingError)), and the target of
// errors.As on one. What the error names as missing is a field of these; the
// error itself, or a value computed from it (a delay, a code), is not.
func (f *flow) errorViews(l *loop, errs []types.Object) []types.Object {
	var out []types.Object
	asserts := func(e ast.Expr) bool {
		ta, ok := ast.Unparen(e).(*ast.TypeAssertExpr)
		return ok && mentions(f.info, ta.X, errs)
	}
	walkBody(f.info, f.fn.body, []ast.Node{(*ast.TypeSwitchStmt)(nil), (*ast.AssignStmt)(nil), (*ast.CallExpr)(nil)}, func(n ast.Node) bool {
		if !l.contains(n.Pos()) {
			return true
		}
		switch n := n.(type) {
		case *ast.TypeSwitchStmt:
			as, ok := n.Assign.(*ast.AssignStmt)
			if !ok || len(as.Rhs) != 1 || !asserts(as.Rhs[0]) {
				return true
			}
			for _, cc := range n.Body.List {
				if o := f.info.Implicits[cc]; o != nil && !types.IsInterface(o.Type()) {
					out = appendNew(out, o)
				}
			}
		case *ast.AssignStmt:
			if len(n.Rhs) == 1 && asserts(n.Rhs[0]) && ast.Unparen(n.Rhs[0]).(*ast.TypeAssertExpr).Type != nil {
				if o := lhsObj(f.info, n.Lhs[0]); o != nil && !types.IsInterface(o.Type()) {
					out = appendNew(out, o)
				}
			}
		case *ast.CallExpr:
			if !isErrorsAs(f.info, n) || !mentions(f.info, n.Args[0], errs) {
				return true
			}
			if u, ok := ast.Unparen(n.Args[1]).(*ast.UnaryExpr); ok && u.Op == token.AND {
				if o := lhsObj(f.info, u.X); o != nil && !types.IsInterface(o.Type()) {
					out = appendNew(out, o)
				}
			}
		}
		return true
	})
	return out
}
