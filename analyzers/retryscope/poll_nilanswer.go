package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/cfg"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A call that answers (value, error) can succeed with nothing to show yet: a
// task still running reports no exit status, an empty queue no message. A
// loop that goes round when that value is nil and leaves when it is not
// polls for the answer, at the poll's pace. When an error of the call falls
// through to the same test (a transient error the poll tolerates, its value
// nil too), the loop asks again at that pace after the error as after "not
// yet": a poll that rides out the error, not a retry whose wait should grow.
//
//	for waited < timeout {
//		status, err := c.taskStatus(ctx, id)
//		if err != nil && err != io.ErrUnexpectedEOF {
//			return err
//		}
//		if status != nil {
//			return status
//		}
//		time.Sleep(interval)
//	}
//
// A test of the value that is no nil test (a status code, a count) may read
// a failure the server reported, and an error way that goes round without
// passing the answer's test retries on its own: both stay retries.

// pollsNilAnswer reports whether the failure way of check c, which tests an
// error, runs into a nil test of another result of the same call that goes
// round on one side and can leave the loop on the other.
func (f *flow) pollsNilAnswer(l *loop, c *outcomeCheck) bool {
	if !f.testsError(c) {
		return false
	}
	answers := f.answerVars(c)
	for b := range l.wayBack(c.failure()) {
		v := f.comparedWithNil(condOf(b))
		if v == nil || !slices.Contains(answers, v) || len(b.Succs) != 2 {
			continue
		}
		if l.reachesHeader(b.Succs[0]) && l.canLeave(b.Succs[1]) || l.reachesHeader(b.Succs[1]) && l.canLeave(b.Succs[0]) {
			return true
		}
	}
	return false
}

// answerVars returns the results of c's calls, other than errors, that the
// callee can return as nothing beside a nil error (answersNothing).
func (f *flow) answerVars(c *outcomeCheck) []types.Object {
	var out []types.Object
	for _, call := range c.attempts {
		for k, v := range f.resultVars(call) {
			if v != nil && !isErrorType(v.Type()) && f.answersNothing(call, k) {
				out = append(out, v)
			}
		}
	}
	return out
}

// answersNothing reports whether the function call calls, declared in this
// package, has a return that gives result k as nil, or as an entry of a map
// that may be missing, beside a nil error in its last result: "nothing yet"
// is one of its answers. A callee out of sight may never answer so.
func (f *flow) answersNothing(call *ast.CallExpr, k int) bool {
	fn := code.Callee(f.info, call)
	if fn == nil {
		return false
	}
	node := f.res.funcs.byObj[fn.Origin()]
	if node == nil || node.body == nil {
		return false
	}
	found := false
	code.Inspect(node.body, func(n ast.Node) bool {
		if _, isLit := n.(*ast.FuncLit); isLit {
			return false
		}
		ret, ok := n.(*ast.ReturnStmt)
		switch {
		case !ok:
		case len(ret.Results) == 0:
			found = f.namedMayBeNothing(node, k) // return with named results
		case len(ret.Results) > k+1 && code.IsNil(f.info, ret.Results[len(ret.Results)-1]):
			found = code.IsNil(f.info, ret.Results[k]) || f.mapEntry(ret.Results[k])
		}
		return !found
	})
	return found
}

// namedMayBeNothing reports whether named result k of fn is never set, or
// set from nil or a map entry somewhere: a bare return may give it as
// nothing.
func (f *flow) namedMayBeNothing(fn *funcNode, k int) bool {
	results := fn.typ.Results
	if results == nil {
		return false
	}
	var named []*ast.Ident
	for _, field := range results.List {
		named = append(named, field.Names...)
	}
	if k >= len(named) {
		return false
	}
	v := f.info.Defs[named[k]]
	if v == nil {
		return false
	}
	set := false
	for _, d := range code.DefsOf(f.info, v) {
		if d.Value != nil && (code.IsNil(f.info, d.Value) || f.mapEntry(d.Value)) {
			return true
		}
		set = true
	}
	return !set
}

// mapEntry reports whether e reads an entry of a map: missing, it is the
// zero value.
func (f *flow) mapEntry(e ast.Expr) bool {
	ix, ok := ast.Unparen(e).(*ast.IndexExpr)
	if !ok {
		return false
	}
	_, isMap := f.info.TypeOf(ix.X).Underlying().(*types.Map)
	return isMap
}

// comparedWithNil returns the variable cond compares with nil (v == nil,
// v != nil, nil != v), or nil.
func (f *flow) comparedWithNil(cond ast.Expr) types.Object {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || b.Op != token.EQL && b.Op != token.NEQ {
		return nil
	}
	x := b.X
	if code.IsNil(f.info, x) {
		x = b.Y
	} else if !code.IsNil(f.info, b.Y) {
		return nil
	}
	if id, isIdent := ast.Unparen(x).(*ast.Ident); isIdent {
		return f.info.Uses[id]
	}
	return nil
}

// canLeave reports whether a path from start leaves the loop before its
// header: a return, or a block after the loop.
func (l *loop) canLeave(start *cfg.Block) bool {
	return searchBlocks([]*cfg.Block{start}, nil, func(b *cfg.Block) blockStep {
		switch {
		case b == l.header:
			return skip
		case !l.holds(b) || len(b.Succs) == 0:
			return stopHere
		}
		return follow
	})
}
