package retryscope

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A round robin behind methods of the receiver: the loop counts up to a
// method of this package whose body is return len(r.list) (for i := 0; i <
// p.Size(); i++) and takes each round's target from another method of the same
// receiver (send(p.pick())) that returns an element r.list[idx] read at an
// index made of a field of r, a field it also assigns (r.next++, r.next = (r.next
// + 1) % n). Each call hands out the next element, so the loop tries each one
// about once: a failover, not a retry. A method that returns r.list[0], or
// reads at an index it never moves, gives the same target every round.

// roundRobins reports whether a loop bounded by bound tries each element of a
// receiver's list once through its methods (see above).
func (f *flow) roundRobins(l *loop, attempts []*ast.CallExpr, bound ast.Expr) bool {
	recv, list := f.methodLength(f.soleValue(bound))
	if list == nil {
		return false
	}
	advanced := f.advancedByLoop(l, recv)
	picks := func(e ast.Expr) bool {
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		return ok && f.picksNext(call, recv, list, advanced)
	}
	for _, call := range attempts {
		found := false
		code.Inspect(call, func(n ast.Node) bool {
			if e, ok := n.(ast.Expr); ok && picks(e) {
				found = true
			}
			return !found
		})
		if found {
			return true // send(p.pick())
		}
	}
	var seeds []types.Object
	for obj, rhss := range f.assignsIn(l) {
		for _, rhs := range rhss {
			if rhs != nil && picks(rhs) {
				seeds = appendNew(seeds, obj)
			}
		}
	}
	return f.usesElements(l, attempts, seeds) // addr := p.pick(); send(addr)
}

// methodLength returns the receiver expression and the list field of a call of
// a method of this package whose body is return len(r.list) (p.Size()), or nil.
func (f *flow) methodLength(bound ast.Expr) (ast.Expr, *types.Var) {
	call, ok := ast.Unparen(bound).(*ast.CallExpr)
	if !ok || len(call.Args) != 0 {
		return nil, nil
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil, nil
	}
	decl, r := f.methodDecl(sel)
	if decl == nil || len(decl.Body.List) != 1 {
		return nil, nil
	}
	ret, ok := decl.Body.List[0].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return nil, nil
	}
	n := f.lengthOf(ret.Results[0])
	if n == nil {
		return nil, nil
	}
	list := f.receiverField(n, r)
	if list == nil {
		return nil, nil
	}
	return sel.X, list
}

// picksNext reports whether call is a method of the same receiver as recv that
// returns an element of list read at an index it moves on, or that a method
// the loop calls on recv moves on (advanced: p.Get() beside p.MoveToNext()).
func (f *flow) picksNext(call *ast.CallExpr, recv ast.Expr, list *types.Var, advanced map[*types.Var]bool) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || !f.sameReceiver(sel.X, recv) {
		return false
	}
	decl, r := f.methodDecl(sel)
	if decl == nil {
		return false
	}
	moved := f.assignedFields(decl.Body, r)
	for v := range advanced {
		moved[v] = true
	}
	elems := map[ast.Node]bool{}
	code.Inspect(decl.Body, func(n ast.Node) bool {
		if ix, ok := n.(*ast.IndexExpr); ok && f.receiverField(ix.X, r) == list && f.readsField(ix.Index, r, moved) {
			elems[ix] = true
		}
		return true
	})
	return len(elems) > 0 && f.returnsElement(decl.Body, elems)
}

// sameReceiver reports whether two expressions name the same receiver.
func (f *flow) sameReceiver(x, recv ast.Expr) bool {
	return types.ExprString(ast.Unparen(x)) == types.ExprString(ast.Unparen(recv)) &&
		code.Root(f.info, x, code.ThroughUnary) == code.Root(f.info, recv, code.ThroughUnary)
}

// advancedByLoop returns the fields of recv that methods of this package the
// loop calls on recv assign (p.MoveToNext(): p.index++).
func (f *flow) advancedByLoop(l *loop, recv ast.Expr) map[*types.Var]bool {
	out := map[*types.Var]bool{}
	code.Inspect(loopBody(l.stmt), func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && f.sameReceiver(sel.X, recv) {
			if decl, r := f.methodDecl(sel); decl != nil {
				for v := range f.assignedFields(decl.Body, r) {
					out[v] = true
				}
			}
		}
		return true
	})
	return out
}

// methodDecl returns the declaration of the method sel calls, when this package
// declares it with a named receiver, and that receiver.
func (f *flow) methodDecl(sel *ast.SelectorExpr) (*ast.FuncDecl, types.Object) {
	s := f.info.Selections[sel]
	if s == nil || s.Kind() != types.MethodVal {
		return nil, nil
	}
	fn, _ := s.Obj().(*types.Func)
	decl := f.res.FuncDecl(fn)
	if decl == nil || decl.Body == nil || decl.Recv == nil || len(decl.Recv.List) != 1 || len(decl.Recv.List[0].Names) != 1 {
		return nil, nil
	}
	r := f.info.Defs[decl.Recv.List[0].Names[0]]
	if r == nil {
		return nil, nil
	}
	return decl, r
}

// receiverField returns the field f of r.f, or nil; a generic type's field
// as its origin declares it.
func (f *flow) receiverField(e ast.Expr, r types.Object) *types.Var {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	if id, ok := ast.Unparen(sel.X).(*ast.Ident); !ok || f.info.Uses[id] != r {
		return nil
	}
	return f.fieldOf(sel) // loop_failover_handedindex.go
}

// assignedFields returns the fields of r the body assigns (r.next++, r.next = k).
func (f *flow) assignedFields(body *ast.BlockStmt, r types.Object) map[*types.Var]bool {
	out := map[*types.Var]bool{}
	code.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, lhs := range n.Lhs {
				if v := f.receiverField(lhs, r); v != nil {
					out[v] = true
				}
			}
		case *ast.IncDecStmt:
			if v := f.receiverField(n.X, r); v != nil {
				out[v] = true
			}
		}
		return true
	})
	return out
}

// readsField reports whether e reads one of r's fields in moved.
func (f *flow) readsField(e ast.Expr, r types.Object, moved map[*types.Var]bool) bool {
	found := false
	code.Inspect(e, func(n ast.Node) bool {
		if x, ok := n.(ast.Expr); ok && moved[f.receiverField(x, r)] {
			found = true
		}
		return !found
	})
	return found
}

// returnsElement reports whether every return of body (outside function
// literals) gives, as its first result, a value made from one of elems,
// directly or through a local assigned from one (addr := r.list[k]; return
// trim(addr)).
func (f *flow) returnsElement(body *ast.BlockStmt, elems map[ast.Node]bool) bool {
	locals := map[types.Object]bool{}
	code.Inspect(body, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok && len(as.Lhs) == len(as.Rhs) {
			for i, rhs := range as.Rhs {
				if v := code.VarOf(f.info, as.Lhs[i]); v != nil && elems[ast.Unparen(rhs)] {
					locals[v] = true
				}
			}
		}
		return true
	})
	made := func(e ast.Expr) bool {
		found := false
		code.Inspect(e, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && locals[f.info.Uses[id]] || elems[n] {
				found = true
			}
			return !found
		})
		return found
	}
	returns, all := 0, true
	code.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			returns++
			all = all && len(n.Results) > 0 && made(n.Results[0])
		}
		return true
	})
	return returns > 0 && all
}
