package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A retry loop often waits through a method of the package that counts the
// attempts itself:
//
//	if err := r.backoff(err); err != nil { return err }
//
//	func (r *reader) backoff(err error) error {
//		r.tries++
//		...
//		case <-time.After(base << r.tries):
//	}
//
// The method runs once per round, so a duration computed from a field it
// advances (r.tries++, r.delay *= 2) grows from round to round as surely as
// base << attempt written in the loop. One level is followed, as waitsInside
// does. The duration is read strictly: constants, fields, locals of the helper
// assigned from such values, operators, conversions and pure operations (math,
// min); a random number makes it jittered; a parameter or any other call leaves
// it of unknown make. A helper with a loop of its own, more than one timed wait,
// or no field it advances, a plain function, and a method of a receiver made
// afresh in the loop keep their wait of unknown length, as before.

// helperGrowth fills in the duration and growth of the wait a called helper of
// the package makes, when a field it advances makes it grow.
func (f *flow) helperGrowth(l *loop, callee *funcNode, w *Wait) {
	if callee.hasLoop || !f.keptReceiver(l, w.Call) {
		return
	}
	d := helperDuration(f.info, callee)
	if d == nil {
		return
	}
	advanced := advancedFields(f.info, callee)
	if len(advanced) == 0 {
		return
	}
	e := helperFacts{f: f, callee: callee, advanced: advanced, seen: map[types.Object]bool{}}
	e.walk(d, 0)
	if !e.grows {
		return
	}
	w.Duration, w.Growth, w.Jitter, w.Deterministic = d, GrowthGrowing, e.random, !e.unknown && !e.random
}

// keptReceiver reports whether a method call's receiver is a variable that
// outlives the rounds (declared before the loop): a receiver built afresh in
// each round (newReader().backoff()) starts its count anew every time.
func (f *flow) keptReceiver(l *loop, call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	if s, ok := f.info.Selections[sel]; !ok || s.Kind() != types.MethodVal {
		return false
	}
	root := code.Root(f.info, sel.X, code.ThroughIndex)
	return root != nil && !l.contains(root.Pos())
}

// helperDuration returns the duration argument of the helper's one timed wait
// (time.Sleep, time.After, time.NewTimer, Reset), or nil.
func helperDuration(info *types.Info, callee *funcNode) ast.Expr {
	var found []ast.Expr
	walkBody(info, callee.body, []ast.Node{(*ast.CallExpr)(nil)}, func(n ast.Node) bool {
		call := n.(*ast.CallExpr)
		if c := code.Callee(info, call); c != nil && len(call.Args) == 1 {
			if tw, ok := timeWaits[c.FullName()]; ok && tw.kind != WaitTicker {
				found = append(found, call.Args[0])
			}
		}
		return true
	})
	if len(found) != 1 {
		return nil
	}
	return found[0]
}

// advancedFields returns the fields (by fieldKey) that the helper advances from
// their own value: r.n++, r.d *= 2, r.d = r.d << 1.
func advancedFields(info *types.Info, callee *funcNode) map[string]bool {
	out := make(map[string]bool)
	walkBody(info, callee.body, []ast.Node{(*ast.IncDecStmt)(nil), (*ast.AssignStmt)(nil)}, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IncDecStmt:
			if k := fieldKey(info, n.X); k != "" && n.Tok == token.INC {
				out[k] = true
			}
		case *ast.AssignStmt:
			if len(n.Lhs) != 1 || len(n.Rhs) != 1 {
				return true
			}
			k := fieldKey(info, n.Lhs[0])
			if k != "" && (n.Tok == token.ADD_ASSIGN || n.Tok == token.MUL_ASSIGN || n.Tok == token.SHL_ASSIGN ||
				n.Tok == token.ASSIGN && mentionsField(info, n.Rhs[0], k)) {
				out[k] = true
			}
		}
		return true
	})
	return out
}

func mentionsField(info *types.Info, e ast.Expr, key string) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok && fieldKey(info, sel) == key {
			found = true
		}
		return !found
	})
	return found
}

type helperFacts struct {
	f                      *flow
	callee                 *funcNode
	advanced               map[string]bool
	seen                   map[types.Object]bool
	grows, random, unknown bool
}

func (e *helperFacts) walk(d ast.Expr, depth int) {
	if depth > 4 {
		e.unknown = true
		return
	}
	info := e.f.info
	code.Inspect(d, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			e.unknown = true
			return false
		case *ast.CallExpr:
			e.call(n)
		case *ast.SelectorExpr:
			if k := fieldKey(info, n); k != "" {
				e.grows = e.grows || e.advanced[k]
				return false
			}
		case *ast.Ident:
			e.ident(n, depth)
		}
		return true
	})
}

func (e *helperFacts) call(call *ast.CallExpr) {
	if e.f.pureOperation(call) {
		return // its arguments decide
	}
	if fn := code.Callee(e.f.info, call); fn != nil && e.f.res.FreshFunc(fn).Random() {
		e.random = true
		return
	}
	e.unknown = true
	e.random = e.random || e.f.res.FreshCall(call).Random()
}

// ident follows a local of the helper to its values; a parameter or a
// receiver (other than through a field) is the caller's, out of this reading.
func (e *helperFacts) ident(id *ast.Ident, depth int) {
	v, ok := e.f.info.Uses[id].(*types.Var)
	if !ok || v.IsField() || e.seen[v] || v.Parent() == v.Pkg().Scope() {
		return // a constant, a function, a package variable
	}
	e.seen[v] = true
	body := e.callee.body
	if v.Pos() < body.Pos() || body.End() <= v.Pos() {
		e.unknown = true // a parameter or the receiver itself
		return
	}
	for _, rhs := range code.Values(e.f.info, v, func(d code.Def) bool { return d.Func == e.callee.node }) {
		e.walk(rhs, depth+1)
	}
}
