package code

import (
	"go/ast"
	"go/types"
	"reflect"
	"runtime"
	"slices"
	"sync"
	"weak"

	"golang.org/x/tools/go/ast/inspector"
)

// Tree walks a package's syntax through its inspector (built once, shared with
// every analyzer of the run): a walk names the kinds of node it asks about and
// skips, unseen, every subtree holding none of them (inspector.Cursor). Each
// node handed to a walk's callback is a visit. Safe for concurrent use.
type Tree struct {
	in   *inspector.Inspector
	mu   sync.Mutex
	at   map[ast.Node]inspector.Cursor // memoized cursor lookups
	uses usesIndex
	// defIndex is the package's assignments (defs.go).
	defIndex defsIndex
}

// NewTree returns a Tree over the inspector's syntax; a nil inspector makes
// every walk a plain counted Inspect.
func NewTree(in *inspector.Inspector) *Tree {
	return &Tree{in: in, at: make(map[ast.Node]inspector.Cursor)}
}

// Cursor returns the cursor of n, when n is part of the tree's syntax.
func (t *Tree) Cursor(n ast.Node) (inspector.Cursor, bool) {
	if t == nil || t.in == nil || n == nil {
		return inspector.Cursor{}, false
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if c, ok := t.at[n]; ok {
		return c, true
	}
	c, ok := t.in.Root().FindByPos(n.Pos(), n.End())
	// FindByPos finds the innermost node around the range: n, or a node under
	// it with the same extent (the call of an expression statement).
	for ok && c.Node() != n {
		p := c.Parent()
		if !p.Valid() || p.Node() == nil || p.Node().Pos() < n.Pos() || p.Node().End() > n.End() {
			ok = false
			break
		}
		c = p
	}
	if ok {
		t.at[n] = c
	}
	return c, ok
}

// Inspect walks root, root included, calling f in preorder for the nodes of
// the given types only (all types when none is given); f returning false skips
// the node's children. Syntax outside the tree (root not found) is walked node
// by node instead, with the same calls of f.
func (t *Tree) Inspect(root ast.Node, types []ast.Node, f func(ast.Node) bool) {
	if c, ok := t.Cursor(root); ok {
		t.inspect(c, types, func(c inspector.Cursor) bool { return f(c.Node()) })
		return
	}
	want := typeSet(types)
	Inspect(root, func(n ast.Node) bool {
		if n == nil || want != nil && !want[reflect.TypeOf(n)] {
			return n != nil
		}
		return f(n)
	})
}

// WalkStack is Inspect with the path from root down to n (n last), which
// stack builds only when asked: most visits do not need it.
func (t *Tree) WalkStack(root ast.Node, types []ast.Node, f func(n ast.Node, stack func() []ast.Node) bool) {
	top, ok := t.Cursor(root)
	if !ok {
		want := typeSet(types)
		WalkStack(root, func(n ast.Node, stack []ast.Node) bool {
			if want != nil && !want[reflect.TypeOf(n)] {
				return true
			}
			return f(n, func() []ast.Node { return stack })
		})
		return
	}
	t.inspect(top, types, func(c inspector.Cursor) bool {
		return f(c.Node(), func() []ast.Node { return path(top, c) })
	})
}

// Enclosing returns n and the nodes around it, innermost first, up to its
// file's top-level declaration (as astutil.PathEnclosingInterval, without
// walking the file); nil when n is not in the tree.
func (t *Tree) Enclosing(n ast.Node) []ast.Node {
	c, ok := t.Cursor(n)
	if !ok {
		return nil
	}
	var out []ast.Node
	for ; c.Valid() && c.Node() != nil; c = c.Parent() {
		if _, isFile := c.Node().(*ast.File); isFile {
			break
		}
		out = append(out, c.Node())
	}
	return out
}

// inspect is Cursor.Inspect, counted.
func (t *Tree) inspect(top inspector.Cursor, types []ast.Node, f func(inspector.Cursor) bool) {
	counter := visits
	top.Inspect(types, func(c inspector.Cursor) bool {
		if counter != nil {
			counter.Add(1)
		}
		return f(c)
	})
}

// path is the nodes from top down to c, c last.
func path(top, c inspector.Cursor) []ast.Node {
	var out []ast.Node
	for ; c != top; c = c.Parent() {
		out = append(out, c.Node())
	}
	out = append(out, top.Node())
	slices.Reverse(out)
	return out
}

// typeSet is the set of the types' dynamic types, nil for all.
func typeSet(types []ast.Node) map[reflect.Type]bool {
	if len(types) == 0 {
		return nil
	}
	set := make(map[reflect.Type]bool, len(types))
	for _, t := range types {
		set[reflect.TypeOf(t)] = true
	}
	return set
}

// trees holds the Tree of each package being analysed, by its type
// information, weakly: a Tree goes when its package's analysis does.
var trees sync.Map // weak.Pointer[types.Info] -> *Tree

// Register returns the Tree of the package info describes, made from in on
// the first call, for TreeOf; the engine and the rules that do not wait for it
// share one.
func Register(info *types.Info, in *inspector.Inspector) *Tree {
	k := weak.Make(info)
	v, loaded := trees.LoadOrStore(k, NewTree(in))
	if !loaded {
		runtime.AddCleanup(info, func(k weak.Pointer[types.Info]) { trees.Delete(k) }, k)
	}
	return v.(*Tree)
}

// TreeOf returns the Tree registered for a package's type information, or nil
// (whose walks are plain counted Inspects).
func TreeOf(info *types.Info) *Tree {
	v, _ := trees.Load(weak.Make(info))
	t, _ := v.(*Tree)
	return t
}

// StmtList returns the statements a block-like node holds: a block's list, or
// the body of a switch or select case; nil for any other node.
func StmtList(n ast.Node) []ast.Stmt {
	switch b := n.(type) {
	case *ast.BlockStmt:
		return b.List
	case *ast.CaseClause:
		return b.Body
	case *ast.CommClause:
		return b.Body
	}
	return nil
}

// StmtsBefore returns the statements of a block-like node that come before
// child, nearest first, up to a labelled one (a goto may land there and skip
// those above it).
func StmtsBefore(block, child ast.Node) []ast.Stmt {
	list := StmtList(block)
	var out []ast.Stmt
	for i := len(list) - 1; i >= 0; i-- {
		if list[i].Pos() >= child.Pos() {
			continue
		}
		out = append(out, list[i])
		if _, ok := list[i].(*ast.LabeledStmt); ok {
			break
		}
	}
	return out
}
