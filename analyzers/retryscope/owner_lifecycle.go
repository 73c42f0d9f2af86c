package retryscope

import (
	"go/ast"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A loop a component runs in the background ends with the component, not
// with a request. A function or method the package only ever starts as a
// goroutine (go c.build(ctx)) from a constructor (New...) or a Start or Run
// method, handed the context that starter was given or one an owner holds
// (a field, a context derived from one, one the owner's stop cancels:
// ownerValue), lives on a lifecycle context: no caller waits for its answer,
// and the owner cancels that context at teardown. A goroutine literal such a
// starter runs on its own context is the same. A loop that this context
// ends is bounded by its owner's lifetime, and "the caller's context has no
// deadline" is no claim about it: a lifecycle context is meant to have none.
// A loop called and waited for (an exported method a request path calls), or
// started anywhere else (a handler, a plain method), or on a context nobody
// cancels (context.Background()), is judged as any.

// DeadlineFromLifecycle reports whether the context the region's Deadline
// reads (ctx.Err(), <-ctx.Done()) is such a lifecycle context.
func (res *Result) DeadlineFromLifecycle(r *Region) bool {
	if res == nil || res.funcs == nil || res.info == nil || r.Bound.Deadline == nil {
		return false
	}
	v := deadlineContextVar(res.info, r.Bound.Deadline)
	encl := res.funcs.enclosing(r.Pos)
	if v == nil || encl == nil {
		return false
	}
	for fn := encl; fn != nil; fn = fn.parent {
		i := slices.Index(fn.params(res.info), v)
		switch {
		case i < 0:
			continue
		case fn == encl && fn.obj != nil:
			return res.startedOnlyForOwner(fn.obj, i) || res.filledFromLifetimeField(fn.obj, i)
		case fn != encl:
			return res.startedBy(encl, fn)
		}
		return false
	}
	return false
}

// deadlineContextVar returns the variable of the context a deadline asks
// (ctx.Err(), ctx.Done()), or nil.
func deadlineContextVar(info *types.Info, deadline ast.Node) *types.Var {
	var v *types.Var
	code.Inspect(deadline, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && v == nil {
			if ctx := askedContext(info, call); ctx != nil {
				v = code.VarOf(info, ctx)
			}
		}
		return v == nil
	})
	return v
}

// startedBy reports whether lit, a function literal inside starter, is
// run as a goroutine (go func() {...}()) and starter is a lifecycle starter.
func (res *Result) startedBy(lit, starter *funcNode) bool {
	fl, ok := lit.node.(*ast.FuncLit)
	if !ok || lit.parent != starter || !lifecycleStarter(starter) {
		return false
	}
	call, _ := goCallOf(res.info, fl)
	return call != nil && ast.Unparen(call.Fun) == fl
}

// startedOnlyForOwner reports whether every use of fn in the package is the
// callee of a go statement in a lifecycle starter, handed as its context
// parameter i the starter's own context or one an owner holds.
func (res *Result) startedOnlyForOwner(fn *types.Func, i int) bool {
	n := 0
	for id, obj := range res.info.Uses {
		if f, ok := obj.(*types.Func); !ok || f.Origin() != fn {
			continue
		}
		call, site := goCallOf(res.info, id)
		if call == nil || i >= len(call.Args) || !res.lifecycleContext(site, call.Args[i]) {
			return false
		}
		n++
	}
	return n > 0
}

// goCallOf returns the call a go statement makes when n is its callee
// (go f(x), go s.m(x), go func(){...}()), and the go statement; nil otherwise.
func goCallOf(info *types.Info, n ast.Node) (*ast.CallExpr, *ast.GoStmt) {
	path := code.TreeOf(info).Enclosing(n)
	for i := 1; i+1 < len(path); i++ {
		switch p := path[i].(type) {
		case *ast.ParenExpr:
			continue
		case *ast.SelectorExpr:
			if p.Sel == n {
				continue
			}
		case *ast.CallExpr:
			if g, ok := path[i+1].(*ast.GoStmt); ok && g.Call == p && p.Fun.Pos() <= n.Pos() && n.End() <= p.Fun.End() {
				return p, g
			}
		}
		return nil, nil
	}
	return nil, nil
}

// lifecycleContext reports whether arg, handed on by the go statement site,
// is a lifecycle context: the site is in a lifecycle starter, and arg is a
// parameter of that starter or a value an owner holds.
func (res *Result) lifecycleContext(site *ast.GoStmt, arg ast.Expr) bool {
	encl := res.funcs.enclosing(site.Pos())
	if encl == nil {
		return false
	}
	starter := encl
	for starter.parent != nil {
		starter = starter.parent
	}
	if !lifecycleStarter(starter) {
		return false
	}
	f := &flow{info: res.info, res: res, fn: encl}
	v := code.VarOf(res.info, arg)
	return v != nil && f.isParam(v) && slices.Contains(starter.params(res.info), v) || f.ownerValue(arg, 0)
}

// lifecycleStarter reports whether fn is a declared constructor (New...) or
// a Start or Run method or function: what starts a component's life.
func lifecycleStarter(fn *funcNode) bool {
	name := funcName(fn)
	return name != nil && (constructorName.MatchString(name.Name) || runNames[name.Name])
}
