package retryscope

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A retry loop may wait through a closure of its function that makes the
// timer and grows the wait it captures:
//
//	next := func() *time.Timer { t := time.NewTimer(d); d = min(d*2, max); return t }
//	for { ...; t := next(); select { case <-ctx.Done(): return; case <-t.C: } }
//
// The closure runs once per round, so what it assigns to a variable of the
// function around it changes from round to round as if the loop assigned it
// (loopClosureDefs), and the timer it returns is the one the loop waits on
// (closureTimer). A closure assigned more than once, a func value handed in,
// or one that returns a timer it did not make stays out of reach.

// loopClosureDefs returns the assignments that closures called in the loop
// make to variables declared outside them, as assignsIn reports them (a nil
// value for an update in place).
func (f *flow) loopClosureDefs(l *loop) map[types.Object][]ast.Expr {
	if out, ok := f.closureDefs[l]; ok {
		return out
	}
	if f.closureDefs == nil {
		f.closureDefs = make(map[*loop]map[types.Object][]ast.Expr)
	}
	out := make(map[types.Object][]ast.Expr)
	f.closureDefs[l] = out
	for _, lit := range f.loopClosures(l) {
		body := lit.body
		for _, d := range code.DefsIn(f.info, body.Pos(), body.End()) {
			if d.Func != lit.node || d.Var == nil || !d.ByName() || (body.Pos() <= d.Var.Pos() && d.Var.Pos() < body.End()) {
				continue
			}
			if d.Replaces() {
				out[d.Var] = append(out[d.Var], d.Value)
			} else {
				out[d.Var] = append(out[d.Var], nil)
			}
		}
	}
	return out
}

// loopClosures returns the function literals bound once to a local variable
// that the loop calls, declared outside the loop.
func (f *flow) loopClosures(l *loop) []*funcNode {
	var out []*funcNode
	seen := make(map[*funcNode]bool)
	walkBody(f.info, f.fn.body, []ast.Node{(*ast.CallExpr)(nil)}, func(n ast.Node) bool {
		call := n.(*ast.CallExpr)
		if !l.contains(call.Pos()) {
			return true
		}
		id, ok := ast.Unparen(call.Fun).(*ast.Ident)
		if !ok {
			return true
		}
		if _, isVar := f.info.Uses[id].(*types.Var); !isVar {
			return true
		}
		lit := f.res.funcs.of(f.info, id)
		if lit == nil || seen[lit] || l.contains(lit.node.Pos()) {
			return true
		}
		if _, isLit := lit.node.(*ast.FuncLit); isLit {
			seen[lit] = true
			out = append(out, lit)
		}
		return true
	})
	return out
}

// closureTimer returns the timer constructor (time.NewTimer(d)) whose timer a
// call of a local closure returns, or nil.
func (f *flow) closureTimer(call *ast.CallExpr) *ast.CallExpr {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return nil
	}
	if _, isVar := f.info.Uses[id].(*types.Var); !isVar {
		return nil
	}
	lit := f.res.funcs.of(f.info, id)
	if lit == nil {
		return nil
	}
	if _, isLit := lit.node.(*ast.FuncLit); !isLit {
		return nil
	}
	var made *ast.CallExpr
	count := 0
	walkBody(f.info, lit.body, []ast.Node{(*ast.ReturnStmt)(nil)}, func(n ast.Node) bool {
		ret := n.(*ast.ReturnStmt)
		if len(ret.Results) != 1 {
			count += 2
			return true
		}
		count++
		made = f.timerMade(lit, ret.Results[0])
		return true
	})
	if count != 1 {
		return nil
	}
	return made
}

// timerMade returns the constructor call e is, or the one that made the local
// timer variable e names in lit, or nil.
func (f *flow) timerMade(lit *funcNode, e ast.Expr) *ast.CallExpr {
	if c, ok := ast.Unparen(e).(*ast.CallExpr); ok && isTimeCtor(f.info, c) {
		return c
	}
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := f.info.Uses[id].(*types.Var)
	if !ok {
		return nil
	}
	values := code.Values(f.info, v, nil)
	if len(values) != 1 {
		return nil
	}
	if c, ok := ast.Unparen(values[0]).(*ast.CallExpr); ok && isTimeCtor(f.info, c) && lit.body.Pos() <= c.Pos() && c.End() <= lit.body.End() {
		return c
	}
	return nil
}
