package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// An object updated twice in one attempt, the first time through a client
// that returns the updated object.
//
// A typed client's Update and UpdateStatus (client-go's generated clientsets
// and its dynamic client: ctx, *T, metav1.UpdateOptions, returning a new *T
// and an error) send the object and decode the server's answer into a new
// object, which they return: the argument is left as it was. When the update
// changes the object, its new resourceVersion is only in the returned object,
// so a later update of the same argument sends the old resourceVersion and the
// API server answers 409 Conflict: in a conflict retry, the attempt fails at
// its second update and starts over. controller-runtime's Update and Patch
// return only an error and decode the answer into their argument: a second
// update of it sends the new resourceVersion, and is fine.
//
// The second update is read as resent when the first runs before it on every
// path (it is in an earlier statement of a block that holds the second, or in
// the head of the statement that holds the second, with no function literal
// between) and the uses of the object between the two are
// those that cannot replace it (see lib_k8sstale.go): the result of the first
// assigned back to the object, or its resourceVersion set, keeps it quiet.

// resentUpdate reads call, an attempt: ok when it updates an object that an
// earlier update of the attempt sent through a client that leaves its
// argument as it was.
func (s *staleReading) resentUpdate(call *ast.CallExpr) (StaleUpdate, bool) {
	obj := updatedObject(s.info, call)
	if obj == nil || s.r.Kind == CallbackRegion && !returnsErrorOf(s.info, s.r.Body, call) {
		return StaleUpdate{}, false
	}
	v := code.VarOf(s.info, unaddr(obj))
	if v == nil || v.IsField() {
		return StaleUpdate{}, false
	}
	var first *ast.CallExpr
	code.TreeOf(s.info).Inspect(s.r.Body, callKinds, func(n ast.Node) bool {
		c := n.(*ast.CallExpr)
		if first == nil && c.Pos() < call.Pos() && code.VarOf(s.info, unaddr(returnedUpdateObject(s.info, c))) == v && s.keptBetween(c, call, v) {
			first = c
		}
		return first == nil
	})
	if first == nil {
		return StaleUpdate{}, false
	}
	return StaleUpdate{Call: call, Object: v, Update: code.Callee(s.info, call).Name(), After: first}, true
}

// returnedUpdateObject returns the object argument of an update that returns
// the updated object and leaves its argument as it was (a typed client's);
// else nil.
func returnedUpdateObject(info *types.Info, call *ast.CallExpr) ast.Expr {
	obj := updatedObject(info, call)
	if obj == nil {
		return nil
	}
	sig := code.Callee(info, call).Signature()
	res := sig.Results()
	if res.Len() != 2 || !code.IsError(res.At(1).Type()) || !types.Identical(res.At(0).Type(), sig.Params().At(1).Type()) {
		return nil
	}
	return obj
}

// keptBetween reports whether first runs before second on every path and
// nothing between them could give v another object or resourceVersion.
func (s *staleReading) keptBetween(first, second *ast.CallExpr, v *types.Var) bool {
	block, stmt := enclosingStmt(code.TreeOf(s.info).Enclosing(first))
	if block == nil || second.End() > block.End() || funcLitBelow(code.TreeOf(s.info).Enclosing(second), block) {
		return false
	}
	if second.Pos() < stmt.End() && !inHead(stmt, first) {
		return false
	}
	return !s.rereadsIn(block, v, stmt.Pos(), second.Pos())
}

// inHead reports whether n is in the part of a statement that runs before the
// rest of it: an if's init and condition, a switch's init and tag, a for's
// init.
func inHead(stmt ast.Stmt, n ast.Node) bool {
	var head []ast.Node
	switch s := stmt.(type) {
	case *ast.IfStmt:
		head = []ast.Node{s.Init, s.Cond}
	case *ast.SwitchStmt:
		head = []ast.Node{s.Init, s.Tag}
	case *ast.TypeSwitchStmt:
		head = []ast.Node{s.Init, s.Assign}
	case *ast.ForStmt:
		head = []ast.Node{s.Init}
	}
	for _, h := range head {
		if h != nil && h.Pos() <= n.Pos() && n.End() <= h.End() {
			return true
		}
	}
	return false
}

// enclosingStmt returns, for the path from a node up (the node first), the
// nearest block-like node and its statement that holds the node; nil when a
// function boundary comes first.
func enclosingStmt(path []ast.Node) (ast.Node, ast.Stmt) {
	for i := 1; i < len(path); i++ {
		switch path[i].(type) {
		case *ast.FuncLit, *ast.FuncDecl:
			return nil, nil
		case *ast.BlockStmt, *ast.CaseClause, *ast.CommClause:
			st, ok := path[i-1].(ast.Stmt)
			if !ok || !slices.Contains(code.StmtList(path[i]), st) {
				return nil, nil
			}
			return path[i], st
		}
	}
	return nil, nil
}

// funcLitBelow reports whether a function literal lies on the path from a
// node up to top.
func funcLitBelow(path []ast.Node, top ast.Node) bool {
	for _, n := range path {
		if n == top {
			return false
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return true
		}
	}
	return true
}

// rereadsIn is rereads for the uses of v in root between pos and end.
func (s *staleReading) rereadsIn(root ast.Node, v *types.Var, pos, end token.Pos) bool {
	found := false
	code.TreeOf(s.info).WalkStack(root, identKinds, func(n ast.Node, path func() []ast.Node) bool {
		id := n.(*ast.Ident)
		if !found && id.Pos() >= pos && id.Pos() < end && s.info.Uses[id] == v {
			found = !s.keepsObject(path(), 0)
		}
		return !found
	})
	return found
}
