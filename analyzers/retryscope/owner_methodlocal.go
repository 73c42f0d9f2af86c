package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"
)

// A stop method may read its flag into a local before it answers:
//
//	func (c *C) closed() bool { flag := atomic.LoadInt32(&c.closeFlag); return flag == 1 }
//
// The local holds the flag read and nothing else, so the answer is that
// read, as if written inline. A local that holds anything else (a call of
// another method, I/O) keeps the method from being a stop.

// withoutFlagLocals returns body without the statements that define a local
// from a read of a flag of the method's receiver (flag := c.closed,
// flag := atomic.LoadInt32(&c.closed)).
func (f *flow) withoutFlagLocals(body []ast.Stmt) []ast.Stmt {
	var out []ast.Stmt
	for _, st := range body {
		if f.flagLocalDef(st) == nil {
			out = append(out, st)
		}
	}
	return out
}

// flagLocalDef returns the flag read st defines a local from (v := c.closed),
// or nil.
func (f *flow) flagLocalDef(st ast.Stmt) ast.Expr {
	as, ok := st.(*ast.AssignStmt)
	if !ok || as.Tok != token.DEFINE || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return nil
	}
	if _, isIdent := as.Lhs[0].(*ast.Ident); !isIdent || f.flagRead(as.Rhs[0]) == nil {
		return nil
	}
	return as.Rhs[0]
}

// flagLocalValue returns the flag read that the local e names was defined
// from in the function's body, or nil.
func (f *flow) flagLocalValue(e ast.Expr) ast.Expr {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || f.fn == nil || f.fn.body == nil {
		return nil
	}
	v, ok := f.info.Uses[id].(*types.Var)
	if !ok {
		return nil
	}
	for _, st := range f.fn.body.List {
		if as, ok := st.(*ast.AssignStmt); ok && len(as.Lhs) == 1 && f.info.Defs[identOf(as.Lhs[0])] == v {
			return f.flagLocalDef(st)
		}
	}
	return nil
}
