package retrystate

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// recordsAttempt reports whether a write records the attempt rather than
// its results: a number the retry's bound reads (an attempt counter), or a
// write made once per attempt (not in a loop inside it) of values made
// without anything the attempt declared — an attempt counter's n++, an event
// announcing the attempt, the same job handed on again. Only data the attempt
// produced can be a partial result.
func (c *checker) recordsAttempt(w *write, stack []ast.Node) bool {
	info := c.p.TypesInfo
	if w.kind == addToTotal {
		isRoot := func(o types.Object) bool { return o == w.root }
		for _, n := range []ast.Node{c.r.Bound.Counter, c.r.Bound.Deadline, c.loopCond()} {
			if n != nil && code.Mentions(info, n, isRoot) {
				return true
			}
		}
	}
	for _, n := range stack {
		switch n.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			return false
		}
	}
	fromAttempt := func(o types.Object) bool {
		v, ok := o.(*types.Var)
		return ok && c.declaredInAttempt(v)
	}
	for _, e := range w.values {
		if code.Mentions(info, e, fromAttempt) {
			return false
		}
	}
	return true
}

// loopCond is the condition of a retry loop, or nil.
func (c *checker) loopCond() ast.Node {
	loop := c.r.Loop
	if l, ok := loop.(*ast.LabeledStmt); ok {
		loop = l.Stmt
	}
	if f, ok := loop.(*ast.ForStmt); ok && f.Cond != nil {
		return f.Cond
	}
	return nil
}

// readElsewhere reports whether something may read what w grows besides its
// own accumulations: always for state declared outside the function of the
// retry (a parameter, a field's holder, a package variable); for a local, a
// mention of it in the function outside those writes.
func (c *checker) readElsewhere(w *write) bool {
	body := funcBody(c.r.Func)
	if body == nil || w.root.Pos() < body.Pos() || w.root.Pos() >= body.End() {
		return true
	}
	var own []ast.Node
	tree := code.TreeOf(c.p.TypesInfo)
	tree.Inspect(body, writeStmts, func(n ast.Node) bool {
		if o := c.accumulation(n.(ast.Stmt)); o != nil && o.target == w.target {
			own = append(own, n)
		}
		return true
	})
	read := false
	tree.Inspect(body, identKind, func(n ast.Node) bool {
		id := n.(*ast.Ident)
		read = read || (c.p.TypesInfo.Uses[id] == w.root && !within(id.Pos(), own))
		return !read
	})
	return read
}

var identKind = []ast.Node{(*ast.Ident)(nil)}

func within(p token.Pos, nodes []ast.Node) bool {
	for _, n := range nodes {
		if n.Pos() <= p && p < n.End() {
			return true
		}
	}
	return false
}

func funcBody(fn ast.Node) *ast.BlockStmt {
	switch f := fn.(type) {
	case *ast.FuncDecl:
		return f.Body
	case *ast.FuncLit:
		return f.Body
	}
	return nil
}
