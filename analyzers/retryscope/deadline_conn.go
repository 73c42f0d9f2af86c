package retryscope

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A dial function whose connections bound every read. A transport's dial
// function may give back a connection that puts its own I/O deadline on each
// read: a type of the package wrapping the dialled net.Conn whose Read sets
// SetReadDeadline (or SetDeadline) to time.Now().Add(d) before it reads from
// the wrapped connection. A server that accepts the connection and then says
// nothing fails that read after d, whatever the client's Timeout. The same
// holds for a connection whose deadline the dial function sets once before
// giving it back: net/http's client never moves a connection's deadline, so
// every read on it ends by then.
//
// The deadline must be set on every read: as a statement of Read's body
// itself, before any statement that reads, or under a test that only asks
// whether d is positive (d is then configuration, and 0 the caller's
// explicit choice, as for a Client.Timeout set from a value that may be 0).
// A deadline of the constant 0, a Read the wrapper inherits from the wrapped
// connection, a deadline set only on some path, or a dial function of
// another package is no proof.

// DialBoundsReads reports whether dial, a transport's DialContext, Dial or
// DialTLSContext (a function literal, or a function or method of this
// package named as the value, directly or through a local variable), gives
// back only connections on which every read has a deadline (see above).
func (res *Result) DialBoundsReads(dial ast.Expr) bool {
	return res != nil && res.info != nil && res.pkg != nil && res.dialBoundsReads(dial, 0)
}

func (res *Result) dialBoundsReads(dial ast.Expr, depth int) bool {
	if dial == nil || depth > 3 {
		return false
	}
	dial = code.FuncValue(res.info, dial)
	if lit, ok := ast.Unparen(dial).(*ast.FuncLit); ok {
		return res.returnsBoundedConns(lit.Body, depth)
	}
	if fn := code.NamedFunc(res.info, dial); fn != nil {
		fd := res.FuncDecl(fn)
		return fd != nil && fd.Body != nil && res.returnsBoundedConns(fd.Body, depth)
	}
	if v := code.VarOf(res.info, dial); v != nil && v.Parent() != res.pkg.Scope() {
		defs := code.Values(res.info, v, func(code.Def) bool { return true })
		for _, d := range defs {
			if !res.dialBoundsReads(d, depth+1) {
				return false
			}
		}
		return len(defs) > 0
	}
	return false
}

// returnsBoundedConns reports whether every return of body (outside function
// literals) gives back nil or a connection whose reads have a deadline, and
// at least one gives back a connection.
func (res *Result) returnsBoundedConns(body *ast.BlockStmt, depth int) bool {
	conns, ok := 0, true
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(n.Results) == 0 {
				ok = false
			} else if !code.IsNil(res.info, n.Results[0]) {
				conns++
				ok = ok && res.boundedConn(body, n.Results[0], depth)
			}
		}
		return ok
	})
	return ok && conns > 0
}

// boundedConn reports whether e, a connection body gives back, has a
// deadline on every read: a value of a concrete type whose own Read sets
// one, a local variable body sets a deadline on before it returns it, or
// holds only such values, or the result of a function of the package that
// gives back only such connections.
func (res *Result) boundedConn(body *ast.BlockStmt, e ast.Expr, depth int) bool {
	t := res.info.TypeOf(e)
	if t == nil || depth > 3 {
		return false
	}
	if !types.IsInterface(t) && res.readSetsDeadline(t) {
		return true
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		if inner := res.wrappedConn(x); inner != nil {
			return res.boundedConn(body, inner, depth)
		}
		if lit := res.localDialLit(x.Fun); lit != nil {
			return lit.Body != body && res.returnsBoundedConns(lit.Body, depth+1)
		}
		fd := res.FuncDecl(code.Callee(res.info, x))
		return fd != nil && fd.Body != nil && fd.Body != body && res.returnsBoundedConns(fd.Body, depth+1)
	case *ast.Ident:
		v := code.VarOf(res.info, x)
		if v == nil || v.Parent() == res.pkg.Scope() {
			return false
		}
		if deadlineBeforeReturns(res.info, body, v) {
			return true
		}
		defs := code.Values(res.info, v, func(d code.Def) bool { return body.Pos() <= d.Stmt.Pos() && d.Stmt.Pos() < body.End() })
		for _, d := range defs {
			if !res.boundedConn(body, d, depth+1) {
				return false
			}
		}
		return len(defs) > 0
	}
	return false
}

// readSetsDeadline reports whether t (or *t) has a Read method declared in
// this package, not promoted from a wrapped connection, that sets a read
// deadline on every call before it reads.
func (res *Result) readSetsDeadline(t types.Type) bool {
	obj, index, _ := types.LookupFieldOrMethod(t, true, res.pkg, "Read")
	fn, ok := obj.(*types.Func)
	if !ok || len(index) != 1 {
		return false
	}
	fd := res.FuncDecl(fn)
	if fd == nil || fd.Body == nil {
		return false
	}
	for _, s := range fd.Body.List {
		if setsDeadline(res.info, s, nil) || armsCloseTimer(res.info, s) {
			return true
		}
		if callsMethodNamed(res.info, s, "Read") {
			return false // read before any deadline
		}
	}
	return false
}

// deadlineBeforeReturns reports whether a statement of body itself sets a
// deadline on v, and every return of v in body comes after it.
func deadlineBeforeReturns(info *types.Info, body *ast.BlockStmt, v *types.Var) bool {
	onV := func(recv ast.Expr) bool { return code.VarOf(info, recv) == v }
	var set ast.Stmt
	for _, s := range body.List {
		if setsDeadline(info, s, onV) {
			set = s
			break
		}
	}
	if set == nil {
		return false
	}
	early := false
	ast.Inspect(body, func(n ast.Node) bool {
		if ret, ok := n.(*ast.ReturnStmt); ok && len(ret.Results) > 0 && code.VarOf(info, ret.Results[0]) == v && ret.Pos() < set.End() {
			early = true
		}
		return !early
	})
	return !early
}

// setsDeadline reports whether statement s sets a read deadline from
// time.Now whenever it runs: the call as a statement, in an assignment or in
// an if's init (if err := c.SetReadDeadline(…); err != nil), or such a
// statement as the first of an if that only tests that the deadline's
// duration is positive. recv, when not nil, must accept the call's receiver.
func setsDeadline(info *types.Info, s ast.Stmt, recv func(ast.Expr) bool) bool {
	switch s := s.(type) {
	case *ast.ExprStmt:
		return deadlineCall(info, s.X, recv) != nil
	case *ast.AssignStmt:
		return len(s.Rhs) == 1 && deadlineCall(info, s.Rhs[0], recv) != nil
	case *ast.IfStmt:
		if s.Init != nil {
			return setsDeadline(info, s.Init, recv)
		}
		if s.Else != nil || len(s.Body.List) == 0 {
			return false
		}
		d := deadlineDuration(info, s.Body.List[0], recv)
		return d != nil && testsPositive(info, s.Cond, d)
	}
	return false
}

// deadlineDuration returns the duration d of a statement that sets a
// deadline of time.Now().Add(d), or nil.
func deadlineDuration(info *types.Info, s ast.Stmt, recv func(ast.Expr) bool) ast.Expr {
	e := code.StmtValue(s)
	if ifs, ok := s.(*ast.IfStmt); ok && ifs.Init != nil {
		e = code.StmtValue(ifs.Init)
	}
	if e == nil {
		return nil
	}
	return deadlineCall(info, e, recv)
}

// deadlineCall returns d when e is x.SetReadDeadline(time.Now().Add(d)) or
// x.SetDeadline(…) with d not always 0 (nor a constant that is not
// positive); nil otherwise.
func deadlineCall(info *types.Info, e ast.Expr, recv func(ast.Expr) bool) ast.Expr {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return nil
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || (sel.Sel.Name != "SetReadDeadline" && sel.Sel.Name != "SetDeadline") || (recv != nil && !recv(sel.X)) {
		return nil
	}
	return aheadOfNow(info, call.Args[0])
}

// aheadOfNow returns d when e is time.Now().Add(d) with d not always 0 (nor
// a constant that is not positive); nil otherwise.
func aheadOfNow(info *types.Info, e ast.Expr) ast.Expr {
	add, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(add.Args) != 1 {
		return nil
	}
	addFn := code.Callee(info, add)
	addSel, ok := ast.Unparen(add.Fun).(*ast.SelectorExpr)
	if !ok || addFn == nil || addFn.Name() != "Add" || !code.IsNamed(info.TypeOf(addSel.X), "time", "Time") {
		return nil
	}
	now, ok := ast.Unparen(addSel.X).(*ast.CallExpr)
	if !ok || !code.IsObject(code.Callee(info, now), "time", "Now") {
		return nil
	}
	if d := add.Args[0]; boundingDuration(info, d) {
		return d
	}
	return nil
}

// testsPositive reports whether cond only asks whether d is positive (or
// not 0): d > 0, 0 < d, d != 0.
func testsPositive(info *types.Info, cond ast.Expr, d ast.Expr) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	same := func(x ast.Expr) bool { return types.ExprString(x) == types.ExprString(d) }
	zero := func(x ast.Expr) bool { v := info.Types[x].Value; return v != nil && constant.Sign(v) == 0 }
	switch b.Op {
	case token.GTR, token.NEQ:
		return same(b.X) && zero(b.Y)
	case token.LSS:
		return zero(b.X) && same(b.Y)
	}
	return false
}

// callsMethodNamed reports whether n calls a method or function named name
// (outside function literals).
func callsMethodNamed(info *types.Info, n ast.Node, name string) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok || found {
			return false
		}
		if call, ok := n.(*ast.CallExpr); ok {
			if fn := code.Callee(info, call); fn != nil && fn.Name() == name {
				found = true
			}
		}
		return !found
	})
	return found
}
