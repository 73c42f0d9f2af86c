package retryscope

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A loop with no attempt limit that stops when a cancellation in reach
// fires (a ctx.Done() case, a ctx.Err() test, an owner's stop) and waits
// between attempts a time that grows up to a cap is a supervisor: it
// re-subscribes, reconnects or re-creates a session for its owner for as
// long as the owner lives. Capping its attempts or leaving on a "permanent"
// error would leave the owner's consumer dead with nobody to restart it,
// while a permanent error costs it one attempt per cap interval. A fixed or
// missing wait is no supervisor's pace (a hot loop), nor is a growing wait
// without a cap (it ends up waiting forever), nor a loop nothing stops.
//
// A wait is read as capped when every value the loop gives its duration is
// a constant (a reset), min(..., C) with C constant, or the result of a
// function of the package whose every return is such a min or a constant.

// Supervises reports whether r is such a supervisor of a session.
func (res *Result) Supervises(r *Region) bool {
	if r == nil || r.Kind != LoopRegion || r.Failover || r.Bound.Counter != nil {
		return false
	}
	if r.Bound.Deadline == nil && r.Bound.Owner == nil && res.stopCaseOf(r) == nil {
		return false
	}
	for _, w := range r.Waits {
		if w.Growth == GrowthGrowing && res.cappedDuration(r, w.Duration) {
			return true
		}
	}
	return false
}

// stopCaseOf returns a select case of one of r's waits that receives from a
// stop channel (wait_stopreach.go) and leaves the function, or nil.
func (res *Result) stopCaseOf(r *Region) *ast.CommClause {
	if res.info == nil {
		return nil
	}
	for _, w := range r.Waits {
		if w.Select == nil {
			continue
		}
		decl, holder := enclosingFuncs(res.info, w.Select)
		for _, s := range w.Select.Body.List {
			cc, ok := s.(*ast.CommClause)
			if !ok || !leavesFunc(cc.Body) {
				continue
			}
			if v := receivedVar(res.info, cc.Comm); v != nil && res.isStopChan(decl, holder, v, v.Kind() == types.ParamVar) {
				return cc
			}
		}
	}
	return nil
}

// receivedVar returns the variable a bare receive statement (<-ch) reads.
func receivedVar(info *types.Info, comm ast.Stmt) *types.Var {
	es, ok := comm.(*ast.ExprStmt)
	if !ok {
		return nil
	}
	ch, _ := receivedChan(es)
	if ch == nil {
		return nil
	}
	return code.VarOf(info, ch)
}

func leavesFunc(body []ast.Stmt) bool {
	if len(body) == 0 {
		return false
	}
	_, ok := body[len(body)-1].(*ast.ReturnStmt)
	return ok
}

// cappedDuration reports whether every value the loop assigns the duration
// variable d is capped; d itself may be a capped expression.
func (res *Result) cappedDuration(r *Region, d ast.Expr) bool {
	if d == nil || res.info == nil {
		return false
	}
	if res.cappedValue(d, 0) {
		return true
	}
	v := code.VarOf(res.info, d)
	if v == nil || r.Loop == nil {
		return false
	}
	assigned := false
	for _, def := range code.DefsIn(res.info, r.Loop.Pos(), r.Loop.End()) {
		if def.Var != v {
			continue
		}
		if def.Value == nil || !def.Replaces() || !isConstant(res.info, def.Value) && !res.cappedValue(def.Value, 0) {
			return false
		}
		assigned = true
	}
	return assigned
}

// cappedValue reports whether e is min(..., C) with C constant, or a call of
// a function of the package whose every result is capped or constant.
func (res *Result) cappedValue(e ast.Expr, depth int) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || depth > 2 {
		return false
	}
	if code.IsBuiltinCall(res.info, call, "min") {
		for _, a := range call.Args {
			if isConstant(res.info, a) {
				return true
			}
		}
		return false
	}
	return res.everyReturnIs(call, func(e ast.Expr) bool {
		return isConstant(res.info, e) || res.cappedValue(e, depth+1)
	})
}
