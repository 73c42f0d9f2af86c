package httptimeout

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// http.DefaultClient is one value for the whole process: code that sets its
// Timeout bounds every later send with it.
//
//	http.DefaultClient.Timeout = 3 * time.Second
//	resp, err := http.DefaultClient.Do(req)
//
// A send is bounded when a statement before it in its function, on every
// path to it, sets the Timeout to a positive constant: the assignment itself,
// an if whose branches all do, a range over a non-empty literal list whose
// body does before anything could leave it, or a call (that surely runs:
// not deferred, not behind && or ||) of a function of the package that does
// so on every path through its body. A callee may keep its answer (a
// memoized lookup: `if x.cached != nil { return *x.cached }` at its top,
// cached stored by the same function): such a guard answers what an earlier
// call, which went the full way and set the Timeout, stored. An assignment
// after the send, on a branch the send does not follow, to another client's
// Timeout, or of zero bounds nothing; so does anything once a later statement
// assigns the Timeout or DefaultClient again.

// defaultTimeoutSet reports whether the send at the end of stack follows a
// statement of its function that sets http.DefaultClient.Timeout (see above).
func (c *checker) defaultTimeoutSet(stack []ast.Node) bool {
	for i := len(stack) - 2; i >= 0; i-- {
		switch n := stack[i].(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			return false
		case *ast.BlockStmt:
			if set, decided := c.setBefore(n.List, stack[i+1]); decided {
				return set
			}
		case *ast.CaseClause:
			if set, decided := c.setBefore(n.Body, stack[i+1]); decided {
				return set
			}
		case *ast.CommClause:
			if set, decided := c.setBefore(n.Body, stack[i+1]); decided {
				return set
			}
		}
	}
	return false
}

// setBefore reads the statements of list before next, nearest first: decided
// once one sets the Timeout (set) or assigns DefaultClient or its Timeout
// otherwise (not set).
func (c *checker) setBefore(list []ast.Stmt, next ast.Node) (set, decided bool) {
	at := -1
	for k, s := range list {
		if s == next {
			at = k
		}
	}
	for k := at - 1; k >= 0; k-- {
		if c.setsDefaultTimeout(list[k], 0) {
			return true, true
		}
		if c.touchesDefault(list[k]) {
			return false, true
		}
	}
	return false, false
}

// setsDefaultTimeout reports whether a statement sets the Timeout whenever it
// completes.
func (c *checker) setsDefaultTimeout(s ast.Stmt, depth int) bool {
	switch s := s.(type) {
	case *ast.AssignStmt:
		return c.assignsDefaultTimeout(s) || c.callSetsDefaultTimeout(s, depth)
	case *ast.ExprStmt, *ast.DeclStmt:
		return c.callSetsDefaultTimeout(s, depth)
	case *ast.BlockStmt:
		return c.listSetsDefaultTimeout(s.List, depth, nil)
	case *ast.IfStmt:
		if s.Init != nil && c.setsDefaultTimeout(s.Init, depth) {
			return true
		}
		return s.Else != nil && c.setsDefaultTimeout(s.Body, depth) && c.setsDefaultTimeout(s.Else, depth)
	case *ast.RangeStmt:
		lit, ok := ast.Unparen(s.X).(*ast.CompositeLit)
		return ok && len(lit.Elts) > 0 && c.listSetsDefaultTimeout(s.Body.List, depth, nil)
	}
	return false
}

// listSetsDefaultTimeout reports whether a statement list sets the Timeout before
// anything could leave it. In a callee (fn not nil), a memo guard at its top
// may leave first.
func (c *checker) listSetsDefaultTimeout(list []ast.Stmt, depth int, fn *ast.FuncDecl) bool {
	for k, s := range list {
		if c.setsDefaultTimeout(s, depth) {
			return true
		}
		if fn != nil && k == 0 && c.memoGuard(s, fn) {
			continue
		}
		if c.touchesDefault(s) || code.MayLeave(c.info, s) {
			return false
		}
	}
	return false
}

// assignsDefaultTimeout reports whether s assigns http.DefaultClient.Timeout a
// positive constant.
func (c *checker) assignsDefaultTimeout(s *ast.AssignStmt) bool {
	if s.Tok != token.ASSIGN || len(s.Lhs) != len(s.Rhs) {
		return false
	}
	for k, lhs := range s.Lhs {
		if c.isDefaultTimeout(lhs) {
			v := c.info.Types[s.Rhs[k]].Value
			return v != nil && v.Kind() == constant.Int && constant.Sign(v) > 0
		}
	}
	return false
}

// isDefaultTimeout reports whether e is http.DefaultClient.Timeout.
func (c *checker) isDefaultTimeout(e ast.Expr) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "Timeout" && c.isDefault(sel.X)
}

func (c *checker) isDefault(e ast.Expr) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	return ok && code.IsObject(c.info.Uses[sel.Sel], "net/http", "DefaultClient")
}

// touchesDefault reports whether s assigns DefaultClient or its Timeout
// anywhere.
func (c *checker) touchesDefault(s ast.Stmt) bool {
	found := false
	code.Inspect(s, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok {
			for _, lhs := range as.Lhs {
				found = found || c.isDefaultTimeout(lhs) || c.isDefault(lhs)
			}
		}
		return !found
	})
	return found
}

// callSetsDefaultTimeout reports whether a simple statement calls, surely, a
// function of the package that sets the Timeout on every path.
func (c *checker) callSetsDefaultTimeout(s ast.Stmt, depth int) bool {
	if depth > 1 {
		return false
	}
	set := false
	code.Inspect(s, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BinaryExpr:
			if n.Op == token.LAND || n.Op == token.LOR {
				code.Inspect(n.X, func(m ast.Node) bool { // only the left operand surely runs
					if call, ok := m.(*ast.CallExpr); ok {
						set = set || c.calleeSetsDefaultTimeout(call, depth)
					}
					_, lit := m.(*ast.FuncLit)
					return !set && !lit
				})
				return false
			}
		case *ast.CallExpr:
			set = set || c.calleeSetsDefaultTimeout(n, depth)
		}
		return !set
	})
	return set
}

// calleeSetsDefaultTimeout reports whether call calls a function of the package
// whose body sets the Timeout on every path.
func (c *checker) calleeSetsDefaultTimeout(call *ast.CallExpr, depth int) bool {
	fn := code.Callee(c.info, call)
	if fn == nil {
		return false
	}
	decl := c.decls[fn.Origin()]
	return decl != nil && decl.Body != nil && c.listSetsDefaultTimeout(decl.Body.List, depth+1, decl)
}

// memoGuard reports whether s is `if <reads recv.f> { return ... }`, the top
// of a method that also stores recv.f: its kept answer.
func (c *checker) memoGuard(s ast.Stmt, fn *ast.FuncDecl) bool {
	ifs, ok := s.(*ast.IfStmt)
	if !ok || ifs.Init != nil || ifs.Else != nil || len(ifs.Body.List) != 1 || fn.Recv == nil || len(fn.Recv.List) != 1 || len(fn.Recv.List[0].Names) != 1 {
		return false
	}
	if _, ret := ifs.Body.List[0].(*ast.ReturnStmt); !ret {
		return false
	}
	recv, _ := c.info.Defs[fn.Recv.List[0].Names[0]].(*types.Var)
	if recv == nil {
		return false
	}
	stored := false
	code.Inspect(ifs.Cond, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok && code.VarOf(c.info, sel.X) == recv {
			stored = stored || c.storesField(fn.Body, ifs, recv, sel.Sel.Name)
		}
		return !stored
	})
	return stored
}

// storesField reports whether body, outside the guard, assigns recv.name.
func (c *checker) storesField(body *ast.BlockStmt, guard *ast.IfStmt, recv *types.Var, name string) bool {
	found := false
	code.Inspect(body, func(n ast.Node) bool {
		if n == guard {
			return false
		}
		if as, ok := n.(*ast.AssignStmt); ok {
			for _, lhs := range as.Lhs {
				sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr)
				found = found || ok && sel.Sel.Name == name && code.VarOf(c.info, sel.X) == recv
			}
		}
		return !found
	})
	return found
}
