package retryscope

import (
	"go/ast"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A controller-runtime Patch that is as conditional as an Update.
//
// client.Merge is a JSON merge patch made of the whole object: its Data is
// the object marshalled as it is, metadata.resourceVersion included. The API
// server takes a resourceVersion in a patch as a precondition and answers 409
// Conflict when the object has changed since, exactly as it does for an
// Update; a failed Patch leaves the object as it was. A patch computed from a
// base (client.MergeFrom, a strategic merge, a JSON patch) or given as bytes
// (client.RawPatch) carries no resourceVersion unless asked to, and
// server-side apply (client.Apply) is left aside: neither is read as an update.
// An object whose resourceVersion the function clears or sets before the
// retry is left aside too: without one, an update or patch is unconditional.

// mergePatchedObject returns the object argument of a controller-runtime
// Patch (of the object or of its status) whose patch is client.Merge; else nil.
func mergePatchedObject(info *types.Info, call *ast.CallExpr) ast.Expr {
	fn := code.Callee(info, call)
	if fn == nil || !code.IsMethod(fn) || fn.Name() != "Patch" || fn.Pkg() == nil || fn.Pkg().Path() != crClientPkg || len(call.Args) < 3 {
		return nil
	}
	patch, ok := ast.Unparen(call.Args[2]).(*ast.SelectorExpr)
	if !ok || !code.IsObject(info.Uses[patch.Sel], crClientPkg, "Merge") {
		return nil
	}
	return call.Args[1]
}

// versionSetBefore reports whether the function sets v's resourceVersion
// outside the attempt (v.ResourceVersion = ..., v.ObjectMeta = ...,
// v.SetResourceVersion(...)): cleared, it makes the update unconditional.
func (s *staleReading) versionSetBefore(v *types.Var) bool {
	found := false
	code.TreeOf(s.info).WalkStack(s.r.Func, identKinds, func(n ast.Node, path func() []ast.Node) bool {
		if !found && !s.inAttempt(n.Pos()) && s.info.Uses[n.(*ast.Ident)] == v {
			found = setsVersion(path())
		}
		return !found
	})
	return found
}

// setsVersion reports whether the use of an object variable the stack ends
// with sets its resourceVersion or its whole metadata.
func setsVersion(stack []ast.Node) bool {
	cur := stack[len(stack)-1].(ast.Expr)
	for i := len(stack) - 2; i >= 0; i-- {
		switch p := stack[i].(type) {
		case *ast.ParenExpr, *ast.StarExpr:
			cur = p.(ast.Expr)
		case *ast.SelectorExpr:
			if p.Sel.Name == "SetResourceVersion" {
				return true
			}
			cur = p
		case *ast.AssignStmt:
			sel, ok := cur.(*ast.SelectorExpr)
			return ok && (sel.Sel.Name == "ResourceVersion" || sel.Sel.Name == "ObjectMeta") && slices.Contains(p.Lhs, cur)
		default:
			return false
		}
	}
	return false
}
