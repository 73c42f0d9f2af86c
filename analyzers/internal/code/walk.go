// Package code holds the small syntax and type helpers that retrylint's engine
// and rules share, so each concept has one definition: walking syntax (with a
// visit counter for the benchmarks), the root variable of an expression, the
// callee of a call, "returns an error", "is pkg.Name", the value assigned to a
// variable. It is modelled on staticcheck's analysis/code.
package code

import (
	"go/ast"
	"sync/atomic"

	"golang.org/x/tools/go/ast/inspector"
)

// visits counts the syntax nodes the analyzers visit, when a measurement asks
// for it (CountVisits); nil otherwise, so a normal run pays one nil test per walk.
var visits *atomic.Int64

// CountVisits runs f with the visit counter on and returns how many syntax
// nodes the walks of this package made while it ran. It is for benchmarks and
// tests: f must not run concurrently with another CountVisits.
func CountVisits(f func()) int64 {
	var n atomic.Int64
	visits = &n
	defer func() { visits = nil }()
	f()
	return n.Load()
}

// Inspect is ast.Inspect, counted.
func Inspect(root ast.Node, f func(ast.Node) bool) {
	c := visits
	if c == nil {
		ast.Inspect(root, f)
		return
	}
	ast.Inspect(root, func(n ast.Node) bool {
		if n != nil {
			c.Add(1)
		}
		return f(n)
	})
}

// Preorder is inspector.Preorder, counted: each node handed to f is a visit.
func Preorder(in *inspector.Inspector, types []ast.Node, f func(ast.Node)) {
	c := visits
	if c == nil {
		in.Preorder(types, f)
		return
	}
	in.Preorder(types, func(n ast.Node) {
		c.Add(1)
		f(n)
	})
}

// Nodes is inspector.Nodes, counted on entry.
func Nodes(in *inspector.Inspector, types []ast.Node, f func(n ast.Node, push bool) bool) {
	c := visits
	if c == nil {
		in.Nodes(types, f)
		return
	}
	in.Nodes(types, func(n ast.Node, push bool) bool {
		if push {
			c.Add(1)
		}
		return f(n, push)
	})
}

// WithStack is inspector.WithStack, counted on entry.
func WithStack(in *inspector.Inspector, types []ast.Node, f func(n ast.Node, push bool, stack []ast.Node) bool) {
	c := visits
	if c == nil {
		in.WithStack(types, f)
		return
	}
	in.WithStack(types, func(n ast.Node, push bool, stack []ast.Node) bool {
		if push {
			c.Add(1)
		}
		return f(n, push, stack)
	})
}

// Size is the number of syntax nodes under root.
func Size(root ast.Node) int {
	n := 0
	ast.Inspect(root, func(m ast.Node) bool {
		if m != nil {
			n++
		}
		return true
	})
	return n
}

// CountTree counts a walk over all of root made by other means (building a
// control flow graph, astutil.Apply); it costs nothing unless counting.
func CountTree(root ast.Node) {
	if c := visits; c != nil {
		c.Add(int64(Size(root)))
	}
}

// CountStmts counts the walk of a control flow graph's construction (go/cfg):
// it visits the statements of a body, not their expressions, and not the
// bodies of nested function literals.
func CountStmts(body ast.Node) {
	c := visits
	if c == nil {
		return
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.FuncLit:
			return false
		case ast.Stmt:
			c.Add(1)
		}
		return true
	})
}

// WalkStack is Inspect with the stack of enclosing nodes, from root down to n
// (its last element). A visit that returns false skips n's children, as with
// Inspect, and the stack stays right.
func WalkStack(root ast.Node, visit func(n ast.Node, stack []ast.Node) bool) {
	var stack []ast.Node
	Inspect(root, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		if !visit(n, stack) {
			stack = stack[:len(stack)-1]
			return false
		}
		return true
	})
}
